import { describe, expect, it } from 'vitest';
import { LIMITS, xmlDepth } from '../../src-main/core/ingest/limits';

describe('XML nesting depth limit', () => {
  it('counts element nesting, not self-closing tags, comments or declarations', () => {
    expect(xmlDepth('<a><b/><c>x</c></a>')).toBe(2);
    expect(xmlDepth('<?xml version="1.0"?><!-- c --><w:document><w:body><w:p><w:r><w:t>x</w:t></w:r></w:p></w:body></w:document>')).toBe(5);
  });

  it('sees a never-closed nest past the limit without walking all of it', () => {
    const deep = '<w:sdt><w:sdtContent>'.repeat(100_000);
    expect(xmlDepth(deep, LIMITS.docxXmlDepth)).toBeGreaterThan(LIMITS.docxXmlDepth);
    expect(xmlDepth('<w:p <w:r x="1" '.repeat(10_000))).toBe(0);
  });
});

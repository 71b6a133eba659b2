import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../src-shared/types';
import { createLexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import { analyze } from '../../src-main/core/retrieve/polish-analyzer';

const chunk = (id: string, text: string): Chunk => ({
  id,
  text,
  body: text,
  metadata: {
    source: `/tmp/${id}.md`, fileName: `${id}.md`, docId: id, checksum: 'x', format: 'markdown', section: '', breadcrumb: [],
    startOffset: 0, endOffset: text.length, chunkIndex: 0, chunkTotal: 1, superseded: false, strategy: 'structural', tokenCount: 1,
  },
});

describe('document frequency of analysed terms', () => {
  it('counts chunks for a term that is already analysed, without stemming it twice', () => {
    const lex = createLexicalIndex({ filePath: '/tmp/unused.json' });
    lex.addChunks([chunk('a', 'Spotkania prowadzę w Google Workspace.'), chunk('b', 'Workspace ma też kalendarz.'), chunk('c', 'Zoom zamiast Meet.')]);
    const [term] = analyze('Workspace');
    expect(lex.documentFrequency(term)).toBe(2);
    expect(lex.documentFrequency(analyze('Zoom')[0])).toBe(1);
    expect(lex.documentFrequency('nieistniejące')).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../src-shared/types';
import { createLexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import { analyze } from '../../src-main/core/retrieve/polish-analyzer';
import { chunkMetadata } from '../helpers/chunks';

const chunk = (id: string, text: string): Chunk => ({
  id,
  text,
  body: text,
  metadata: chunkMetadata(id, { endOffset: text.length }),
});

describe('chunks of one document', () => {
  it('are returned in chunk order whatever the insertion order', () => {
    const lex = createLexicalIndex({ filePath: '/tmp/unused.json' });
    const second = { ...chunk('d', 'Druga część.'), id: 'd#1', metadata: { ...chunk('d', '').metadata, chunkIndex: 1, chunkTotal: 2 } };
    const first = { ...chunk('d', 'Pierwsza część.'), id: 'd#0', metadata: { ...chunk('d', '').metadata, chunkIndex: 0, chunkTotal: 2 } };
    lex.addChunks([second, first, chunk('e', 'Inny dokument.')]);
    expect(lex.documentChunks('d').map((c) => c.id)).toEqual(['d#0', 'd#1']);
    expect(lex.documentChunks('brak')).toEqual([]);
  });
});

describe('document frequency of analysed terms', () => {
  it('counts chunks for a term that is already analysed, without stemming it twice', () => {
    const lex = createLexicalIndex({ filePath: '/tmp/unused.json' });
    lex.addChunks([chunk('a', 'Spotkania prowadzę w Google Workspace.'), chunk('b', 'Workspace ma też kalendarz.'), chunk('c', 'Zoom zamiast Meet.')]);
    const [term] = analyze('Workspace');
    expect(lex.documentFrequency(term!)).toBe(2);
    expect(lex.documentFrequency(analyze('Zoom')[0]!)).toBe(1);
    expect(lex.documentFrequency('nieistniejące')).toBe(0);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Chunk } from '../../src-shared/types';
import { createLexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import { analyze } from '../../src-main/core/retrieve/polish-analyzer';
import { nameLexiconOf, spellingLexiconOf } from '../../src-main/core/answer/ask';
import { chunkMetadata } from '../helpers/chunks';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-names-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const chunk = (docId: string, text: string): Chunk => ({ id: `${docId}#0`, text, body: text, metadata: chunkMetadata(docId, { endOffset: text.length }) });
const term = (word: string) => analyze(word)[0]!;

describe('the store name lexicon behind the question analysis', () => {
  it('is rebuilt when a document is replaced by one with as many chunks (the old cache key kept the stale names)', () => {
    const lexical = createLexicalIndex({ filePath: path.join(dir, 'lexical-index.json') });
    lexical.addChunks([chunk('a', 'Umowę z firmą Kowalczyk podpisała wczoraj Anna.'), chunk('b', 'Serwis robi firma Techmed.')]);
    expect(nameLexiconOf(lexical).isName(term('Kowalczyk'))).toBe(true);
    const v = lexical.version;
    // The same document again, same chunk count, another firm.
    lexical.removeDocument('a');
    lexical.addChunks([chunk('a', 'Umowę z firmą Zielińska podpisała wczoraj Anna.')]);
    expect(lexical.version).not.toBe(v);
    expect(nameLexiconOf(lexical).isName(term('Zielińska'))).toBe(true);
    expect(nameLexiconOf(lexical).isName(term('Kowalczyk'))).toBe(false);
  });

  it('is kept while nothing changes, and sees what another process saved', async () => {
    const file = path.join(dir, 'lexical-index.json');
    const writer = createLexicalIndex({ filePath: file });
    writer.addChunks([chunk('a', 'Serwis robi firma Techmed.')]);
    await writer.save();
    const reader = createLexicalIndex({ filePath: file });
    await reader.load();
    const first = nameLexiconOf(reader);
    expect(nameLexiconOf(reader)).toBe(first);
    writer.addChunks([chunk('b', 'Sprzątanie zlecamy firmie Lśniąco.')]);
    await writer.save();
    expect(nameLexiconOf(reader)).not.toBe(first);
    expect(nameLexiconOf(reader).isName(term('Lśniąco'))).toBe(true);
  });
});

describe('the store spelling lexicon behind the question', () => {
  it('is kept while nothing changes and rebuilt when a document changes', () => {
    const lexical = createLexicalIndex({ filePath: path.join(dir, 'lexical-index.json') });
    lexical.addChunks([chunk('a', 'Goście płacą za psa 40 zł.')]);
    const first = spellingLexiconOf(lexical);
    expect(spellingLexiconOf(lexical)).toBe(first);
    expect(first.restore('goscie')).toBe('goście');
    // A word the dictionary does not know either: only the documents can spell it.
    expect(first.restore('klebus')).toBeUndefined();
    lexical.addChunks([chunk('b', 'W ogrodzie mieszka kot kłębuś.')]);
    expect(spellingLexiconOf(lexical).restore('klebus')).toBe('kłębuś');
  });
});

import { PackedLexicalIndex } from './packed-lexical-index';
import type { LexicalIndex, LexicalIndexOptions } from './lexical-types';

export { lexicalIndexDir } from './packed-lexical-index';
export type { LexicalHit, LexicalIndex, LexicalIndexOptions } from './lexical-types';

export function createLexicalIndex(options: LexicalIndexOptions): LexicalIndex {
  return new PackedLexicalIndex(options);
}

/**
 * Stempel, the algorithmic Polish stemmer of Lucene's and Elasticsearch's Polish analyzers,
 * ported to TypeScript from Lucene's `org.egothor.stemmer` (Trie, MultiTrie2, Diff) and checked
 * against the Python port `pystempel` (see scripts/morphology/build_stempel.py, which writes a
 * parity list, and test/unit/stempel.test.ts).
 *
 * A stemming table is a trie over the *reversed* word whose cells hold patch commands
 * ("Db" = delete two letters, "Ra" = replace by 'a', "Ix" = insert 'x', "-c" = skip three);
 * MultiTrie2 splits one command into pieces stored in successive tries. The table file is the
 * gzip of what Java's `DataOutputStream` writes (big-endian ints, UTF-16 chars, modified UTF-8
 * strings), exactly as Lucene ships it; only reading and stemming are ported, not training.
 */

import { DataReader, readTrie, type StempelLayout, type TrieData } from './stempel-table';

export type { StempelLayout } from './stempel-table';

const EOM = '*';

/** Trie.getLastOnPath: the command stored last on the path of `key` (read backwards when !forward). */
function lastOnPath(t: TrieData, key: string): string | null {
  if (key.length === 0) return null;
  let last: string | null = null;
  let row = t.root;
  const n = key.length;
  const at = (i: number): number => (t.forward ? key.charCodeAt(i) : key.charCodeAt(n - 1 - i));
  for (let i = 0; i < n - 1; i++) {
    const ch = at(i);
    const w = t.cmdAt(row, ch);
    if (w >= 0) last = t.cmds[w] ?? last;
    const ref = t.refAt(row, ch);
    if (ref < 0) return last;
    row = ref;
  }
  const w = t.cmdAt(row, at(n - 1));
  return w >= 0 ? (t.cmds[w] ?? last) : last;
}

/** MultiTrie2.lengthPP: how many letters of the key a command piece consumes. */
function lengthPP(cmd: string): number {
  let len = 0;
  for (let i = 0; i + 1 < cmd.length; i += 2) {
    const c = cmd[i];
    if (c === '-' || c === 'D') len += cmd.charCodeAt(i + 1) - 97 + 1;
    else if (c === 'R') len += 1;
  }
  return len;
}

/** A loaded Stempel table (Lucene's `StempelStemmer`). */
export class StempelStemmer {
  /** How the tries are held (see `StempelLayout`). */
  readonly layout: StempelLayout;

  private constructor(
    private readonly tries: TrieData[],
    private readonly multi: boolean,
  ) {
    this.layout = tries[0]?.layout ?? 'view';
  }

  /**
   * Reads an uncompressed Egothor stemmer table (the bytes inside `stemmer_20000.tbl.gz`). The
   * stemmer keeps `bytes` (the `view` layout reads its cells there): do not modify them afterwards.
   */
  static fromBytes(bytes: Uint8Array, layout: StempelLayout = 'view'): StempelStemmer {
    const r = new DataReader(bytes);
    const method = r.utf().toUpperCase();
    if (method.includes('M')) {
      r.boolean(); // forward flag of the MultiTrie itself; each inner trie carries its own
      r.int(); // BY
      const count = r.int();
      if (count <= 0 || count > 64) throw new Error('Stempel table: bad trie count');
      const tries: TrieData[] = [];
      for (let i = 0; i < count; i++) tries.push(readTrie(r, layout));
      if (!r.done) throw new Error('Stempel table: trailing bytes');
      return new StempelStemmer(tries, true);
    }
    const trie = readTrie(r, layout);
    if (!r.done) throw new Error('Stempel table: trailing bytes');
    return new StempelStemmer([trie], false);
  }

  /** The patch command for a word (MultiTrie2.getLastOnPath). */
  private command(word: string): string | null {
    if (!this.multi) return lastOnPath(this.tries[0]!, word);
    let result = '';
    let key = word;
    let lastKey = word;
    let lastCh = ' ';
    let prev: string | null = null;
    for (const trie of this.tries) {
      const r = lastOnPath(trie, lastKey);
      if (r === null || r === EOM) return result;
      // Two deletes or two skips in a row would have been stored as one.
      if ((lastCh === '-' || lastCh === 'D') && lastCh === r[0]) return result;
      lastCh = r.length >= 2 ? r[r.length - 2]! : ' ';
      if (r[0] === '-') {
        if (prev !== null) {
          const k = skip(key, lengthPP(prev), trie.forward);
          if (k === null) return result;
          key = k;
        }
        const k = skip(key, lengthPP(r), trie.forward);
        if (k === null) return result;
        key = k;
      }
      prev = r;
      result += r;
      if (key.length > 0) lastKey = key;
    }
    return result;
  }

  /** Stems one lower-case word; `null` when the table has no rule for it (Lucene then keeps the word). */
  stem(word: string): string | null {
    const cmd = this.command(word);
    if (cmd === null) return null;
    const out = applyPatch(word, cmd);
    return out.length > 0 ? out : null;
  }
}

function skip(s: string, count: number, forward: boolean): string | null {
  if (forward) return count > s.length ? null : s.slice(count);
  return s.length < count ? null : s.slice(0, s.length - count);
}

/** Diff.apply: runs a patch command from the end of the word; stops quietly when it runs off the word. */
export function applyPatch(word: string, patch: string): string {
  const dest = word.split(''); // UTF-16 units, as Java's StringBuilder
  if (dest.length === 0) return word;
  let pos = dest.length - 1;
  for (let i = 0; i + 1 < patch.length; i += 2) {
    const cmd = patch[i];
    const letter = patch[i + 1]!;
    const offset = patch.charCodeAt(i + 1) - 97;
    if (cmd === '-') {
      pos -= offset;
    } else if (cmd === 'R') {
      if (pos < 0 || pos >= dest.length) break;
      dest[pos] = letter;
    } else if (cmd === 'D') {
      const end = pos;
      pos -= offset;
      if (pos < 0 || pos >= dest.length) break;
      dest.splice(pos, end - pos + 1);
    } else if (cmd === 'I') {
      pos += 1;
      if (pos < 0 || pos > dest.length) break;
      dest.splice(pos, 0, letter);
    }
    pos -= 1;
  }
  return dest.join('');
}

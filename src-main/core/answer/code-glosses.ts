/**
 * What a code stands for, read where the documents define it: "BK-M (średni, 13–15 kwiatów, ok.
 * 40 cm)", "KPIR-30 (do 30 dokumentów)". A later decision writes the code alone ("BK-M: 159 zł"),
 * while a question names the thing by those words ("ile kosztuje średni bukiet?", "ile płaci firma
 * na księdze do 30 dokumentów?"). For the evidence checks a source's text carries each code's
 * definition right after the code, between two invisible marks; every answer drops what stands
 * between them (`withoutGlosses`), so the words count as the source's and the answer still quotes
 * the document as written.
 */
import type { Fragment } from '../../../src-shared/types';
import type { LexicalIndex } from '../retrieve/lexical-index';
import { escapeRe, HYPHENATED_CODE } from '../text/identifiers';
import { anyMonthPattern } from '../text/polish-months';
import type { EvidenceSource } from './sources';
import { GLOSS_CLOSE as CLOSE, GLOSS_OPEN as OPEN } from '../text/gloss-marks';
import { CURRENCY_SOURCE } from './currency';

export { withoutGlosses } from '../text/gloss-marks';

/**
 * Brackets that tell a price, a share, an hour or a month say what the code costs or when, not what
 * it is: carried to every sentence naming the code they would make it state a value it does not.
 */
const NOT_A_DEFINITION = new RegExp(String.raw`\d\s*(?:${CURRENCY_SOURCE}|%|procent)|\d{1,2}[:.]\d{2}|zł|brutto|netto`, 'iu');
/** Marks that end a sentence or a table cell: a definition carried into a text must not split it. */
const BREAKS = /[.;!?|\n\r]+/gu;

let MONTH: RegExp | undefined;

/** The definitions of a code, or undefined: distinct bracketed glosses after it, joined. */
export type GlossLookup = (code: string) => string | undefined;

/** Each store's definitions read so far, for the store's version (an ingest or a removal forgets them). */
const READ = new WeakMap<object, { version: number; memo: Map<string, string | undefined> }>();

/** Definitions read from the stored chunks that name each code, remembered per store and version. */
export function storeGlosses(lexical: Pick<LexicalIndex, 'findByCode' | 'getChunk' | 'version'>): GlossLookup {
  let read = READ.get(lexical);
  if (!read || read.version !== lexical.version) READ.set(lexical, (read = { version: lexical.version, memo: new Map() }));
  const memo = read.memo;
  return (code) => {
    const key = code.toUpperCase();
    if (memo.has(key)) return memo.get(key);
    const defined = new RegExp(`(?<![\\p{L}\\p{N}-])${escapeRe(key)}\\s*\\(([^()\\n]{2,120})\\)`, 'gu');
    const glosses = new Set<string>();
    for (const id of lexical.findByCode(code)) {
      for (const m of lexical.getChunk(id)?.body.matchAll(defined) ?? []) {
        const gloss = m[1]!.replace(BREAKS, ' ').replace(/\s+/gu, ' ').trim();
        if (gloss && !NOT_A_DEFINITION.test(gloss) && !(MONTH ??= anyMonthPattern()).test(gloss)) glosses.add(gloss);
      }
    }
    const out = glosses.size ? [...glosses].join(', ') : undefined;
    memo.set(key, out);
    return out;
  };
}

/** A text with each code that is not defined right there followed by its definition, marked. */
export function glossed(text: string, gloss: GlossLookup): string {
  return text.replace(HYPHENATED_CODE, (code, offset: number) => {
    if (/^\s*\(/u.test(text.slice(offset + code.length))) return code;
    const g = gloss(code);
    return g ? `${code}${OPEN} (${g})${CLOSE}` : code;
  });
}

/** The sources with their codes' definitions carried into their texts (see the module comment). */
export function glossedSources(sources: readonly EvidenceSource[], gloss: GlossLookup): EvidenceSource[] {
  const glossFragment = (f: Fragment): Fragment => {
    const body = glossed(f.body, gloss);
    return body === f.body ? f : { ...f, body, text: glossed(f.text, gloss) };
  };
  return sources.map((s) => ({ ...s, fragments: s.fragments.map(glossFragment) }));
}

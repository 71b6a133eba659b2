/**
 * How the evidence gate matches what a question names against a source: identifiers, names
 * (also joined ones, part by part), names of someone else in a sentence, and term matchers
 * built once per fragment, heading or chunk.
 */
import type { Fragment } from '../../../src-shared/types';
import type { FocusConstraint, QueryAnalysis } from '../../../src-shared/query';
import { identifierPattern } from '../text/identifiers';
import { analyze, analyzeWord, lemmatize } from '../retrieve/polish-analyzer';
import { termMatcher } from './text';

export function entitySatisfied(c: FocusConstraint, analysis: QueryAnalysis, fragments: Fragment[], has: (term: string) => boolean): boolean {
  const id = analysis.identifiers.find((i) => i.value.toLowerCase() === c.term);
  if (id) {
    const re = identifierPattern(id);
    return fragments.some((f) => re.test(f.text) || re.test(f.metadata.fileName) || f.metadata.decisionId === id.value);
  }
  return entityIn(c, has);
}

/** A joined name ("Kaszub-Dent", "Bielsku-Białej") is found whole or with every part, each part inflected as it may be. */
export function entityIn(c: FocusConstraint, has: (term: string) => boolean): boolean {
  if (has(c.term)) return true;
  if (!/[-./]/u.test(c.text)) return false;
  const parts = c.text
    .split(/[-./]+/u)
    .map((p) => analyzeWord(p))
    .filter((p): p is string => p !== null && p.length > 1);
  return parts.length > 0 && parts.every(has);
}

/** Capitalised words inside a sentence (not its first word): names of people, places, firms, products. */
export function namesIn(text: string): string[] {
  const out: string[] = [];
  // The label of a list item ("- Zakres: …") is capitalised because it starts the item: a common
  // noun there is no name ("- Wrzeszcz: …" still is one).
  const marker = LIST_MARKER.exec(text)?.[0].length;
  for (const m of text.matchAll(/(?<=[\p{L}\p{N},;:)–-]\s+)\p{Lu}[\p{Ll}]{2,}/gu)) {
    if (m.index === marker && isCommonNoun(m[0])) continue;
    out.push(m[0]);
  }
  return out;
}

const LIST_MARKER = /^\s*(?:[-*•–]|\d+[.)])\s+/u;

function isCommonNoun(word: string): boolean {
  return lemmatize(word.toLowerCase()).some((l) => l.lemma === l.lemma.toLowerCase() && /(?:^|\+)(?:subst|ger):/u.test(l.pos ?? ''));
}

export function sameName(name: string, term: string): boolean {
  const t = analyze(name)[0] ?? '';
  return t === term || (t.length >= 4 && term.length >= 4 && t.slice(0, 4) === term.slice(0, 4));
}

/** A term matcher per key (a fragment, a heading), built on first use. */
function cachedMatcher<T>(key: (item: T) => string, text: (item: T) => string): (item: T) => (term: string) => boolean {
  const cache = new Map<string, (term: string) => boolean>();
  return (item) => {
    const k = key(item);
    let has = cache.get(k);
    if (!has) cache.set(k, (has = termMatcher(text(item))));
    return has;
  };
}

/** Titles, section headings and whole chunks, each analysed once rather than once per sentence. */
export function fragmentMatchers() {
  return {
    titleOf: cachedMatcher(
      (f: Fragment) => f.id,
      (f) => `${f.metadata.title ?? ''} ${f.metadata.breadcrumb.join(' ')}`,
    ),
    headingOf: cachedMatcher(
      (f: Fragment) => f.metadata.breadcrumb.at(-1) ?? '',
      (f) => f.metadata.breadcrumb.at(-1) ?? '',
    ),
    chunkOf: cachedMatcher(
      (f: Fragment) => f.id,
      (f) => `${f.metadata.breadcrumb.join(' ')}\n${f.body}`,
    ),
  };
}

/**
 * Questions about prices that went up or down ("co podrożało w tym roku?", "które usługi są teraz
 * droższe?", "jakie ceny obniżyliśmy?"). Polish says a price change with a small closed set of
 * words: the intransitive verbs drożeć/tanieć and their perfectives, the comparatives of "drogi"
 * and "tani", and verbs of raising or lowering (podnieść, obniżyć, wzrosnąć, spaść…) whose
 * object or subject is a price. The words are read through the morphology dictionary (lemmas and
 * tags), so every inflected form counts and a word that only looks alike does not.
 */
import { foldDiacritics, lemmatize } from '../retrieve/polish-analyzer';

export type PriceDirection = 'rise' | 'fall';

/** Verbs that by themselves say a price went up or down (folded lemmas). */
const PRICE_VERBS: ReadonlyMap<string, PriceDirection> = new Map([
  ['drozec', 'rise'],
  ['podrozec', 'rise'],
  ['zdrozec', 'rise'],
  ['taniec', 'fall'],
  ['potaniec', 'fall'],
  ['staniec', 'fall'],
]);

/** Verbs of raising or lowering a quantity: a price change when a price word stands beside them. */
const QUANTITY_VERBS: ReadonlyMap<string, PriceDirection> = new Map([
  ['podniesc', 'rise'],
  ['podnosic', 'rise'],
  ['podwyzszyc', 'rise'],
  ['podwyzszac', 'rise'],
  ['zwiekszyc', 'rise'],
  ['zwiekszac', 'rise'],
  ['wzrosnac', 'rise'],
  ['rosnac', 'rise'],
  ['obnizyc', 'fall'],
  ['obnizac', 'fall'],
  ['zmniejszyc', 'fall'],
  ['zmniejszac', 'fall'],
  ['spasc', 'fall'],
  ['spadac', 'fall'],
  ['zredukowac', 'fall'],
  ['redukowac', 'fall'],
]);

/** Nouns and verbs that name what a customer pays (folded lemmas). */
export const PRICE_WORDS: ReadonlySet<string> = new Set(['cena', 'cennik', 'oplata', 'doplata', 'kosztowac', ...PRICE_VERBS.keys()]);

/** Adjectives whose comparative says a price is higher or lower ("droższy", "tańszy"). */
const PRICE_ADJECTIVES: ReadonlyMap<string, PriceDirection> = new Map([
  ['drogi', 'rise'],
  ['tani', 'fall'],
]);

interface WordReading {
  lemma: string;
  tags: string[];
}

function readings(word: string): WordReading[] {
  return lemmatize(word).map((l) => ({ lemma: foldDiacritics(l.lemma.toLowerCase()), tags: (l.pos ?? '').split('+') }));
}

/** Whether a text names a price (cena, cennik, opłata, kosztować, drożeć…), in any inflected form. */
export function hasPriceWord(text: string): boolean {
  return text
    .normalize('NFC')
    .split(/[^\p{L}]+/u)
    .some((w) => w.length > 2 && readings(w).some((r) => PRICE_WORDS.has(r.lemma)));
}

const isVerb = (r: WordReading) => r.tags.some((t) => /^(?:verb|ppas|pact|ger)/u.test(t));

/**
 * The direction of price change a text's words state, if any: a price verb ("drożeje",
 * "potaniały"), a comparative of "drogi"/"tani" ("droższe"), or a verb of raising/lowering with a
 * price word in the same text ("podnieśliśmy ceny"). A negated verb ("nie drożeje") says nothing.
 */
export function priceChangeWords(text: string): Set<PriceDirection> {
  const words = text
    .normalize('NFC')
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  const out = new Set<PriceDirection>();
  const read = words.map(readings);
  const hasPriceWord = read.some((rs) => rs.some((r) => PRICE_WORDS.has(r.lemma)));
  read.forEach((rs, i) => {
    if (foldDiacritics((words[i - 1] ?? '').toLowerCase()) === 'nie') return;
    for (const r of rs) {
      const verb = isVerb(r) ? (PRICE_VERBS.get(r.lemma) ?? (hasPriceWord ? QUANTITY_VERBS.get(r.lemma) : undefined)) : undefined;
      if (verb) out.add(verb);
      const adj = r.tags.some((t) => t.startsWith('adj') && t.includes(':com')) ? PRICE_ADJECTIVES.get(r.lemma) : undefined;
      if (adj) out.add(adj);
    }
  });
  return out;
}

/**
 * The price change a question asks about ("co podrożało?" → rise, "co potaniało?" → fall), read
 * in the question's own clauses (`questionClauses`, as written); undefined when it asks about none
 * or about both.
 */
export function priceChangeAsked(clauses: string): PriceDirection | undefined {
  const asked = priceChangeWords(clauses.toLowerCase());
  return asked.size === 1 ? [...asked][0] : undefined;
}

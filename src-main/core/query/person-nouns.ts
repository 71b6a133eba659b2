/**
 * Nouns of persons: what Polish grammar marks as naming people (masculine-personal and plural
 * personal nouns in the dictionary, feminine agent nouns formed from them, and a closed class of
 * other nouns of persons). Read by the head-noun analysis (who is asked) and by counts of persons.
 */
import { foldDiacritics, lemmatize } from '../retrieve/polish-analyzer';

/** Whether a word has a reading as a masculine-personal noun ("opiekun", "księgowy"). */
function isPersonNounForm(word: string): boolean {
  return lemmatize(word).some((l) => l.lemma === l.lemma.toLowerCase() && (l.pos ?? '').split('+').some((t) => t.startsWith('subst') && t.includes(':m1')));
}

/**
 * A feminine noun of persons, formed from a masculine-personal one by the Polish suffixes of
 * feminine agent nouns: -ka ("asystent|ka", "higienist|ka" ← higienista, "kierownicz|ka" ←
 * kierownik, "sekretar|ka" ← sekretarz), -owa ("księgowa" ← księgowy), -yni/-ini ("mistrzyni").
 * The morphology dictionary marks only masculine nouns as personal (m1).
 */
export function isFeminineOfPersonNoun(lemma: string): boolean {
  const candidates: string[] = [];
  if (lemma.endsWith('ka')) {
    const base = lemma.slice(0, -2);
    candidates.push(base, `${base}a`, `${base}z`, base.replace(/cz$/u, 'k'));
  }
  if (lemma.endsWith('owa')) candidates.push(`${lemma.slice(0, -1)}y`);
  if (/[yi]ni$/u.test(lemma)) candidates.push(lemma.slice(0, -3));
  return candidates.some((c) => c.length > 2 && isPersonNounForm(c));
}

/**
 * A noun of a role ("technik", "lekarz", "recepcjonistka"): masculine-personal in the dictionary, or
 * a feminine agent noun formed from one. Not the nouns of anyone ("osoba", "pani", "dziewczyna"),
 * which a question or a decision uses for whoever holds a role.
 */
export function isRoleNoun(word: string): boolean {
  return isPersonNounForm(word) || nounReadings(word).some((l) => isFeminineOfPersonNoun(l.lemma));
}

/**
 * Nouns of persons the dictionary does not mark masculine-personal (lemmas, folded): "osoba",
 * "dziecko", "kobieta"… A closed class of the language; agent nouns are found by their gender or
 * their feminine suffix (head-noun.ts).
 */
const PERSON_NOUNS = new Set(['osoba', 'czlowiek', 'dziecko', 'kobieta', 'dziewczyna', 'dziewczynka', 'mama', 'matka', 'pani', 'niemowle', 'mlodziez']);

/** Whether a dictionary reading of a noun names persons: masculine-personal, plural personal ("ludzie"), or of the class above. */
export function personReading(l: { lemma: string; pos?: string }): boolean {
  const nouns = (l.pos ?? '').split('+').filter((t) => t.startsWith('subst'));
  return PERSON_NOUNS.has(foldDiacritics(l.lemma)) || nouns.some((t) => /:(?:m1|p1)(?::|$)/u.test(t)) || isFeminineOfPersonNoun(l.lemma);
}

export const nounReadings = (word: string) => lemmatize(word).filter((l) => l.lemma === l.lemma.toLowerCase() && (l.pos ?? '').includes('subst'));

/**
 * Whether a noun form names persons in every reading ("osób", "uczestników", "klientek", "ludzi";
 * not "mat", a rank and a mat, nor "babek", cakes and grannies).
 */
export function isPersonNoun(word: string): boolean {
  const readings = nounReadings(word);
  return readings.length > 0 && readings.every(personReading);
}

/**
 * "Tak" or "Nie" for a yes/no question, from Polish negation: which words of the quoted sentence
 * are negated, and whether the question asserts them.
 */
import { questionClauses } from '../query/answer-type';
import { analyzeWord, isAdjectivalTag, isClauseVerbTag, lemmatize, posTags } from '../retrieve/polish-analyzer';
import { contentTerms, OPENING_ANSWER_WORD } from './text';
import { weekdaysIn } from '../text/weekdays';
import { freeOfChargeWords, namesSumOfMoney, payingWords } from './charge';
import { readsOnlyAsName } from '../query/names';

/** Words that negate what follows them in their clause; "zamiast" names what does not hold ("karty zamiast gotówki"). */
const NEGATION = /^(?:nie|bez|brak|brakuje|żadn\p{L}*|nigdy|zero|zamiast)$/u;
/** "zamiast" and what it replaces, up to the end of its phrase: "w czwartki, zamiast w drugą i czwartą sobotę". */
const REPLACED = /(?<!\p{L})zamiast(?!\p{L})[^,.;:]*/giu;
/** Clause boundaries for negation: punctuation and the coordinating conjunctions, kept by `split` (the one before a segment tells how it joins the last). */
const CLAUSE_BREAK_KEPT = /([,;–—()]|\s-\s|\s(?:i|a|ale|lecz|oraz|natomiast|albo|lub)\s)/u;
/** Conjunctions that join members of one list ("zleceń od firm hazardowych, bukmacherów i serwisów"). */
const LISTING = /^\s(?:i|oraz|albo|lub)\s$/u;

/**
 * The clauses of a text for negation. A list's members without a verb of their own belong to the
 * clause whose verb they complete, so a negation reaches them: "Nie przyjmujemy zleceń od firm
 * hazardowych, bukmacherów i serwisów" negates "bukmacherów" too. Only a list closed by "i",
 * "oraz", "albo" or "lub" is read so; a comma alone may start an elided clause ("Nie pracujemy w
 * niedziele, w soboty do 14"), and "a", "ale", "natomiast" set what follows against it.
 */
export function negationClauses(part: string): string[] {
  const pieces = part.split(CLAUSE_BREAK_KEPT);
  const segments = [pieces[0] ?? ''];
  const joins: string[] = [''];
  for (let i = 1; i < pieces.length; i += 2) {
    joins.push(pieces[i]!);
    segments.push(pieces[i + 1] ?? '');
  }
  const hasVerb = (segment: string) => (segment.match(/\p{L}+/gu) ?? []).some((w) => posTags(w.toLowerCase()).some(isClauseVerbTag));
  // A list: a run of comma-joined segments ending in a listing conjunction.
  const inList = segments.map((_, i) => {
    let j = i;
    while (j + 1 < segments.length && joins[j + 1] === ',') j += 1;
    return j + 1 < segments.length && LISTING.test(joins[j + 1]!);
  });
  const out: { text: string; verb: boolean }[] = [];
  segments.forEach((segment, i) => {
    const verb = hasVerb(segment);
    const last = out[out.length - 1];
    const listed = i > 0 && (LISTING.test(joins[i]!) || (joins[i] === ',' && inList[i]!));
    if (last && listed && (!verb || !last.verb)) {
      last.text += ` ${segment}`;
      last.verb ||= verb;
    } else out.push({ text: segment, verb });
  });
  return out.map((c) => c.text);
}

/**
 * Verbs whose object does not hold once they are done: refusing, giving up, stopping, abolishing,
 * forbidding, withdrawing ("odmawiamy zleceń od bukmacherów", "rezygnujemy z folii", "znosimy
 * limit", "przestajemy sprzedawać"). Their lemmas, both aspects; a closed class of Polish verbs.
 */
export const GIVING_UP: ReadonlySet<string> = new Set([
  'odmówić',
  'odmawiać',
  'rezygnować',
  'zrezygnować',
  'zaprzestać',
  'zaprzestawać',
  'przestać',
  'przestawać',
  'zakazać',
  'zakazywać',
  'zabronić',
  'zabraniać',
  'wstrzymać',
  'wstrzymywać',
  'wycofać',
  'wycofywać',
  'znieść',
  'znosić',
  'likwidować',
  'zlikwidować',
  'zawiesić',
  'zawieszać',
]);
const givesUp = (word: string) => lemmatize(word).some((l) => GIVING_UP.has(l.lemma) && /(?:^|\+)verb:/u.test(l.pos ?? ''));

/**
 * A negated adjective or participle written as one word ("niedozwolone", "nieczynna",
 * "niedostępny"): morfologik marks the participle negated (`neg`), or the word without "nie" is
 * itself an adjective or participle. "niedziela", "niestety" are neither.
 */
function fusedNegation(word: string): boolean {
  if (!word.startsWith('nie') || word.length < 7) return false;
  const own = lemmatize(word);
  if (own.some((l) => /(?:^|\+)ppas:[^+]*:neg/u.test(l.pos ?? ''))) return true;
  return negatedBase(word) !== undefined;
}

const adjectival = (pos: string | undefined) => (pos ?? '').split('+').some(isAdjectivalTag);

/**
 * The adjective a fused "nie-" or "bez-" negates, as written: "bezpłatną" → "płatną",
 * "niedostępna" → "dostępna" (both the word and the rest adjectives or participles); "bezpieczny",
 * "niedziela" have none.
 */
function negatedBase(word: string): string | undefined {
  if (!/^(?:nie|bez)/u.test(word) || word.length < 7) return undefined;
  const base = word.slice(3);
  return lemmatize(word).some((l) => adjectival(l.pos)) && lemmatize(base).some((l) => adjectival(l.pos)) ? base : undefined;
}

/**
 * Words of a text with whether they are negated. "nie" negates its whole clause, the words
 * before it too ("Na kurs online nie ma rabatu", "pacjentów na NFZ nie przyjmujemy"); the other
 * negations what follows them ("bez odsetek"); "nie tylko" negates nothing. A label whose value is
 * a negation is negated ("Nagrywanie warsztatów: niedozwolone", "Sobota: nie pracujemy", "Soboty
 * bez zmian — nieczynne").
 */
function negatedTerms(text: string): Map<string, boolean> {
  const out = new Map<string, boolean>();
  const set = (t: string, negated: boolean) => out.set(t, (out.get(t) ?? true) && negated);
  const mark = (words: string[], negatedFrom: (i: number) => boolean) =>
    words.forEach((w, i) => {
      // A word said both ways ("nie prowadzimy karnych, a rozwodowe prowadzi…") is not negated.
      for (const t of contentTerms(w)) set(t, negatedFrom(i));
      // "bezpłatna lekcja" says that "płatna" does not hold (and "nie jest bezpłatna" that it does).
      const base = negatedBase(w);
      if (base !== undefined) for (const t of contentTerms(base)) set(t, !negatedFrom(i));
    });
  // A label ends at a colon or a spaced dash: "Sobota: nie pracujemy", "Soboty bez zmian — nieczynne".
  const parts = text
    .normalize('NFC')
    .toLowerCase()
    .split(/:\s|\s[—–]\s/u);
  parts.forEach((part, p) => {
    const valueWords = parts[p + 1]?.match(/[\p{L}\p{N}]+/gu) ?? [];
    const value = valueWords[0];
    const labelNegated = value !== undefined && (value === 'nie' || fusedNegation(value)) && valueWords[1] !== 'tylko';
    const clauses = negationClauses(part);
    clauses.forEach((clause, c) => {
      const words = clause.match(/[\p{L}\p{N}]+/gu) ?? [];
      const negates = (w: string, i: number) => NEGATION.test(w) && words[i + 1] !== 'tylko';
      const whole = (labelNegated && c === clauses.length - 1) || words.some((w, i) => w === 'nie' && negates(w, i));
      const from = words.findIndex(negates);
      // "Rezygnujemy z folii": what a verb of giving up governs does not hold ("nie rezygnujemy z folii": it does).
      const givenUp = words.findIndex(givesUp);
      mark(words, (i) => (whole || (from >= 0 && i >= from)) !== (givenUp >= 0 && i > givenUp));
    });
  });
  return out;
}

/**
 * "Tak" or "Nie" for a yes/no question: the answer is "Nie" when a word the question asserts and
 * the sentence share is negated in one of them and not in the other ("czy dorosły może się
 * leczyć na NFZ?" — "nie przyjmujemy dorosłych na NFZ").
 */
export function yesNo(question: string, sentence: string, readDays = true): 'Tak' | 'Nie' {
  const stated = statedYesNo(sentence);
  if (stated) return stated;
  if (readDays && namesOtherDaysOnly(question, [sentence])) return 'Nie';
  const asserted = questionClauses(question).join(', ');
  // Only what the question asserts counts: "czy pacjent płaci, jak nie przyjdzie?" asks about
  // paying; the negated condition is not the claim. Every content word of it counts, the verb
  // too ("płaci" is no focus word, yet it is what "nie płaci" answers).
  const q = negatedTerms(asserted);
  const s = negatedTerms(sentence);
  for (const [t, negated] of q) {
    if (s.has(t) && s.get(t) !== negated) return 'Nie';
  }
  return paidButFree(asserted, q, sentence, s) ? 'Nie' : 'Tak';
}

/**
 * "czy goście muszą dopłacać za parking?" — "10 bezpłatnych miejsc dla gości": the question asserts
 * paying, the sentence says free of charge and names no sum (one that does may price another case).
 * `q` and `s` are the negated terms of each.
 */
function paidButFree(asserted: string, q: Map<string, boolean>, sentence: string, s: Map<string, boolean>): boolean {
  const asserts = (words: string[], negated: Map<string, boolean>) => words.some((w) => contentTerms(w).every((t) => negated.get(t) === false));
  return asserts(payingWords(asserted), q) && asserts(freeOfChargeWords(sentence), s) && !namesSumOfMoney(sentence);
}

/**
 * "czy van jeździ w poniedziałki?" — "działa w środy, piątki i soboty": the sentences name days,
 * and not every day the question asks about.
 */
function namesOtherDaysOnly(question: string, sentences: readonly string[]): boolean {
  const asked = weekdaysIn(questionClauses(question).join(', '));
  const days = new Set(sentences.flatMap((t) => [...weekdaysIn(t.replace(REPLACED, ''))]));
  return asked.size > 0 && days.size > 0 && [...asked].some((d) => !days.has(d));
}

/** "tylko na Jeżycach", "wyłącznie w Gdańsku i Sopocie": the preposition and the names it limits to, up to the clause's end. */
const ONLY_NAMES = /(?<![\p{L}])(?:tylko|wyłącznie|jedynie)\s+(na|we?|przy|u|dla|ze?|do|od)\s+([^,.;:!?()–—]+)/giu;
const NAME_WORD = /(?<![\p{L}])\p{Lu}[\p{L}-]+/gu;
/** The same preposition before a word of the question, "w" and "z" with their "we", "ze": "na wildzie", "we wrzeszczu". */
const prepositionPhrase = (prep: string) => new RegExp(`(?<![\\p{L}])${prep === 'w' || prep === 'z' ? `${prep}e?` : prep}\\s+(\\p{L}[\\p{L}-]*)`, 'giu');
/** A word typed as a name: one the dictionary reads only as a proper name ("wildzie") or does not know ("salonio"). */
const typedName = (word: string) => readsOnlyAsName(word) || posTags(word.toLowerCase()).length === 0;

/**
 * "czy na wildzie da się zrobić keratynę?" — "Zabieg wykonujemy tylko na Jeżycach": a sentence limits
 * to names after "tylko" and a preposition, and the question names, after the same preposition,
 * a name that is none of them.
 */
function onlyOtherNames(question: string, sentences: readonly string[]): boolean {
  const asked = questionClauses(question).join(', ');
  return sentences.some((sentence) =>
    [...sentence.matchAll(ONLY_NAMES)].some((m) => {
      const prep = m[1]!.toLowerCase().replace(/e$/u, '');
      const names = new Set([...m[2]!.matchAll(NAME_WORD)].map((n) => analyzeWord(n[0])));
      if (names.size === 0) return false;
      const typed = [...asked.matchAll(prepositionPhrase(prep))].map((q) => q[1]!).filter(typedName);
      return typed.length > 0 && typed.every((w) => !names.has(analyzeWord(w)));
    }),
  );
}

/** The answer word a sentence opens with, which gives the answer itself: "Tak — od kwietnia sprzedajemy…", "Nie, na razie nie". */
export function statedYesNo(sentence: string): 'Tak' | 'Nie' | undefined {
  const word = OPENING_ANSWER_WORD.exec(sentence)?.[1]?.toLowerCase();
  return word === 'tak' ? 'Tak' : word === 'nie' ? 'Nie' : undefined;
}

/**
 * The answer word for the sentences an answer quotes, the answering one first: the one a sentence
 * opens with, else "Nie" when they name days and none an asked one, when the quoted `headline`
 * refuses the act otherwise worded, when any of them negates what the question asserts, or when
 * they price what it asks to be free, else "Tak".
 */
export function verdictOf(question: string, sentences: readonly string[], headline?: string): 'Tak' | 'Nie' {
  const stated = sentences.map(statedYesNo).find((v) => v !== undefined);
  if (stated) return stated;
  // The days are read in all the quoted sentences together: the one naming them may be quoted
  // second ("W vanie pracuję ja. Od sierpnia van jeździ w środy, piątki i soboty."), and another
  // may name other days beside the asked one ("W środy i piątki jest zajęta w 90%.").
  if (namesOtherDaysOnly(question, sentences) || onlyOtherNames(question, sentences) || refusesOtherwiseWorded(question, headline)) return 'Nie';
  return sentences.some((t) => yesNo(question, t, false) === 'Nie') || freeButPriced(question, sentences) ? 'Nie' : 'Tak';
}

/** Whether a sentence prices something: a sum of money and a word of paying ("kosztuje", "płatna", "opłata"); "do zabiegu powyżej 200 zł" prices nothing. */
const pricesIt = (sentence: string) => namesSumOfMoney(sentence) && payingWords(sentence).length > 0;

/**
 * "czy konsultacja jest dalej za darmo?" — "Od 1 września konsultacja kosztuje 150 zł": the question
 * asserts free of charge, a quoted sentence prices something and none says free of charge (one that
 * does may make some case free: "dostawa 20 zł, od 200 zł bezpłatna").
 */
function freeButPriced(question: string, sentences: readonly string[]): boolean {
  const asserted = questionClauses(question).join(', ');
  const q = negatedTerms(asserted);
  const free = freeOfChargeWords(asserted);
  return (
    free.length > 0 && free.every((w) => contentTerms(w).every((t) => q.get(t) === false)) && sentences.some(pricesIt) && !sentences.some((t) => freeOfChargeWords(t).length > 0)
  );
}

/**
 * "czy zakładamy ludziom klimę?" — "Nie będziemy montować klimatyzatorów": the quoted headline of
 * the answering decision (what it decided) opens by negating its verb and words the question's act
 * otherwise, sharing none of its terms (a stem may be alike: "klim-"), so no word of it can be
 * compared (`yesNo`); the decision says no. Not for a question that negates itself ("czy nie…").
 */
function refusesOtherwiseWorded(question: string, sentence: string | undefined): boolean {
  if (sentence === undefined) return false;
  const words =
    sentence
      .replace(/^[\s\-–—•*]+/u, '')
      .toLowerCase()
      .match(/\p{L}+/gu) ?? [];
  const verb = words[1] === 'będziemy' || words[1] === 'będzie' ? words[2] : words[1];
  if (words[0] !== 'nie' || verb === undefined || !posTags(verb).some((t) => t.startsWith('verb'))) return false;
  const asserted = questionClauses(question).join(', ');
  if (/(?<![\p{L}])nie(?![\p{L}])/iu.test(asserted)) return false;
  const own = new Set(contentTerms(sentence));
  return contentTerms(asserted).every((t) => !own.has(t));
}

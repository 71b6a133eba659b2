/**
 * The passive predicate of a question: "na jaką sumę jest **ubezpieczony** bus?", "który pokój jest
 * **przystosowany** dla osób na wózku?", "kiedy została **podpisana** umowa?". Polish builds the
 * passive voice from "być" or "zostać" and a passive participle that agrees with its subject in the
 * nominative; the participle names the event the question is about (someone insured the bus). A
 * source that never speaks of that event — no form of the verb, of its other aspect, of its
 * participle or of its verbal noun ("ubezpieczamy", "ubezpieczenie") — does not say what is asked:
 * the leasing rate of a bus is not the sum it is insured for.
 */
import { foldDiacritics, lemmatize } from '../retrieve/polish-analyzer';
import { OPENING_WORDS } from './function-words';

/** Forms of "być" and "zostać" that build the passive voice (folded). A closed class. */
const COPULA = /^(?:jest|sa|byl|byla|bylo|byly|byli|bedzie|beda|zostal|zostala|zostalo|zostaly|zostali|zostanie|zostana|zostaje|zostaja)$/u;

/** A nominative reading's tag ("ppas:sg:nom.voc:…", "subst:pl:nom:f"). */
const NOMINATIVE = /:nom\b/u;

/** How far after its copula the participle may stand ("jest **teraz** otwarty", "są **u nas** objęte"). */
const REACH = 3;

export interface PassivePredicate {
  /** The participle as written ("ubezpieczony"). */
  text: string;
  /** Its verb's lemma, folded ("ubezpieczyc"). */
  verb: string;
  /** The subject right after it, as written: a noun in the nominative of the participle's number ("ubezpieczony **bus**"). */
  subject?: string;
}

/** The grammatical numbers (sg/pl) of a word's nominative readings of one part of speech (`pos`, a tag prefix). */
const nominativeNumbers = (word: string, pos: RegExp) =>
  lemmatize(word.toLowerCase())
    .flatMap((l) => (l.pos ?? '').split('+'))
    .filter((t) => pos.test(t) && NOMINATIVE.test(t))
    .map((t) => t.split(':')[1]);

/**
 * The passive participle after a copula in the question, in the nominative (the case of a
 * predicate agreeing with its subject): "jest ubezpieczony", "są wliczone". A genitive after "było"
 * is a quantity's ("ile pokoi było zajętych"), not a predicate of the subject. Undefined when none.
 */
export function passivePredicate(question: string): PassivePredicate | undefined {
  const words = question
    .normalize('NFC')
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    if (!COPULA.test(foldDiacritics(words[i]!.toLowerCase()))) continue;
    for (let j = i + 1; j < Math.min(words.length, i + 1 + REACH); j++) {
      const word = words[j]!;
      const reading = lemmatize(word.toLowerCase()).find((l) => (l.pos ?? '').split('+').some((t) => t.startsWith('ppas:') && NOMINATIVE.test(t)));
      if (!reading) continue;
      // "czy sklepy będą otwarte?": being open or closed is a state a document gives by its hours ("pracują do 13:00"), no event.
      if (OPENING_WORDS.test(foldDiacritics(word.toLowerCase()))) return undefined;
      const numbers = nominativeNumbers(word, /^ppas:/u);
      const subject = words.slice(j + 1, j + 3).find((w) => nominativeNumbers(w, /^subst:/u).some((n) => numbers.includes(n)));
      return { text: word, verb: foldDiacritics(reading.lemma.toLowerCase()), ...(subject ? { subject } : {}) };
    }
  }
  return undefined;
}

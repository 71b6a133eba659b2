/**
 * "jakie stanowisko ma Ola?", "jaką funkcję pełni Ewa?", "na jakim stanowisku pracuje Kinga?",
 * "w jakiej roli jest u nas Paweł?": a question of the position a named person holds asks what
 * "kim jest Ola?" asks. Polish states a position by a noun of persons predicated of the name
 * ("Ola jest kierowniczką sklepu", "Justyna jako kierowniczka zmiany", "zostaje brygadzistą"), and
 * seldom with the word of the question ("stanowisko", "funkcja"), which therefore names the answer's
 * type, not a word the source must carry.
 */
import { foldDiacritics, lemmatize, posTags, tagCases } from '../retrieve/polish-analyzer';

/**
 * The Polish nouns of a position held (lemmas): what is held ("stanowisko", "posada", "funkcja")
 * or played ("rola"). A closed class of the language, not of any document.
 */
const POSITION_NOUNS = new Set(['stanowisko', 'posada', 'funkcja', 'rola']);

/** An interrogative determiner (folded): "jaki", "jakie", "jakim", "który"… */
const DETERMINER = /^(?:jak(?:i|a|ie|iego|iej|iemu|im|ich|imi)|ktor(?:y|a|e|ego|ej|emu|ym|ych|ymi|zy))$/u;

/**
 * The position noun as written, when an interrogative determiner governs it ("jaką **funkcję**",
 * "na jakim **stanowisku**"), and the verb whose object it is ("jaką funkcję **pełni**", "jakie
 * stanowisko **zajmuje**"): a verb of holding that only the noun's phrase needs, when the noun is
 * its accusative object right before it (after a preposition the verb is the predicate: "na jakim
 * stanowisku **pracuje**"). Undefined when no position is asked.
 */
export function positionAsked(question: string): { noun: string; verb?: string } | undefined {
  const words = question.match(/[\p{L}]+/gu) ?? [];
  for (let i = 0; i + 1 < words.length; i++) {
    if (!DETERMINER.test(foldDiacritics(words[i]!.toLowerCase()))) continue;
    const noun = words[i + 1]!;
    const readings = lemmatize(noun.toLowerCase()).filter((l) => POSITION_NOUNS.has(l.lemma));
    if (readings.length === 0) continue;
    const object = i === 0 && readings.some((l) => (l.pos ?? '').split('+').some((t) => tagCases(t).includes('acc')));
    const next = words[i + 2];
    const verb = object && next && posTags(next.toLowerCase()).some((t) => /^verb:(?:fin|praet|bedzie)/u.test(t)) ? next : undefined;
    return { noun, ...(verb ? { verb } : {}) };
  }
  return undefined;
}

/**
 * Whether a name is a person's: the dictionary reads it as a proper noun of masculine-personal or
 * feminine gender in the singular ("Ola", "Marek", "Zając"), not of a place or a thing ("Podgórze"
 * n2; "Krzykach", the plural of a surname too, is the district Krzyki), and a word it does not know
 * ("Grainex") is no person's name to it either.
 */
export function isPersonName(word: string): boolean {
  return lemmatize(word).some((l) => /^\p{Lu}/u.test(l.lemma) && (l.pos ?? '').split('+').some((t) => /^subst:sg:[^:]+:(?:m1|f)(?::|$)/u.test(t)));
}

/**
 * The closed word classes and word tests the follow-up rules read (follow-up.ts): prepositions,
 * question words, anaphors, time words, auxiliaries, verb endings.
 */

/** Prepositions that open a replaceable slot; a vocalic variant ("we", "ze") counts as its base. */
export const PREPOSITIONS = new Map<string, string>([
  ['w', 'w'],
  ['we', 'w'],
  ['na', 'na'],
  ['do', 'do'],
  ['dla', 'dla'],
  ['od', 'od'],
  ['ode', 'od'],
  ['z', 'z'],
  ['ze', 'z'],
  ['za', 'za'],
  ['przy', 'przy'],
  ['po', 'po'],
  ['u', 'u'],
  ['o', 'o'],
  ['pod', 'pod'],
  ['nad', 'nad'],
  ['przed', 'przed'],
  ['bez', 'bez'],
  ['między', 'między'],
  ['wśród', 'wśród'],
  ['dzięki', 'dzięki'],
  ['według', 'według'],
  ['około', 'około'],
  ['podczas', 'podczas'],
]);

/** Question words: they carry what is asked, not what it is about. */
// prettier-ignore
export const QUESTION_WORDS = new Set([
  'co', 'czego', 'czemu', 'czym', 'kto', 'kogo', 'komu', 'kim', 'jaki', 'jaka', 'jakie', 'jakiego', 'jakiej',
  'jakim', 'jakich', 'jakimi', 'jaką', 'którą', 'którzy', 'którymi', 'który', 'która', 'które', 'którego', 'której', 'którym', 'których',
  'ile', 'ilu', 'kiedy', 'gdzie', 'dokąd', 'skąd', 'dlaczego', 'czemu', 'po co', 'jak', 'czy', 'odkąd',
]);

/** Demonstratives and personal pronouns that point back at the previous question's topic. */
// prettier-ignore
export const ANAPHORS = new Set([
  'to', 'tego', 'temu', 'tym', 'ten', 'ta', 'tę', 'tej', 'te', 'tych', 'tymi', 'tam', 'tamten', 'tamta',
  'tamto', 'wtedy', 'tak', 'tyle', 'go', 'jego', 'niego', 'nim', 'jej', 'niej', 'nią', 'je', 'ich', 'nich', 'im', 'nimi',
]);

/** "to jest X", "to znaczy": "to" as a copula introduces a new topic, not a reference. */
export const COPULA_AFTER_TO = new Set(['jest', 'są', 'był', 'była', 'było', 'były', 'znaczy', 'oznacza']);

// prettier-ignore
export const TIME_WORDS = new Set([
  'wcześniej', 'przedtem', 'dawniej', 'poprzednio', 'kiedyś', 'uprzednio', 'później', 'potem', 'wcześniej?',
  'teraz', 'obecnie', 'aktualnie', 'dziś', 'dzisiaj', 'wtedy', 'niedawno', 'ostatnio', 'wkrótce', 'jutro', 'wczoraj',
]);
export const CURRENT_WORDS = new Set(['teraz', 'obecnie', 'aktualnie', 'dziś', 'dzisiaj', 'obecny', 'obecna', 'obecne', 'aktualny', 'aktualna', 'aktualne']);
const MONTHS = /^(stycz|lut(y|ego|ym)$|mar(zec|ca|cu)$|kwie(cie|tni)|maj(a|u)?$|czerw(iec|ca|cu)$|lip(iec|ca|cu)$|sierp|wrze[sś](ień|nia|niu)$|październik|paźdz|listopad|grud)/u;
const WEEKDAYS = /^(poniedział|wtor|środ|czwart|piąt|sobot|niedziel|weekend|święt)/u;

/** Verb-like or auxiliary words: dropped when a question's topic is taken over. */
// prettier-ignore
export const AUXILIARIES = new Set([
  'jest', 'są', 'był', 'była', 'było', 'były', 'byli', 'będzie', 'będą', 'się', 'mamy', 'ma', 'mają', 'można',
  'trzeba', 'należy', 'musimy', 'mogę', 'możemy', 'nas', 'nam', 'my', 'ja', 'mi', 'mnie', 'nie',
  // Adverbs of frequency, manner and time belong to the question, not to its topic.
  'często', 'zwykle', 'zazwyczaj', 'dokładnie', 'właściwie', 'naprawdę', 'teraz', 'obecnie', 'aktualnie', 'dziś', 'dzisiaj', 'wcześniej',
]);
// Finite verbs and infinitives by their endings (1st person plural, past tense, impersonal -no/-to).
const VERB_ENDING =
  /(liśmy|łyśmy|łem|łam|łeś|łaś|liście|ujemy|ujecie|ujesz|uje|ują|amy|emy|imy|ymy|acie|ecie|icie|ać|eć|ić|yć|ować|ął|ęła|ęli|ano|ono|ęto|ił|ał|ył|iła|ała|yła|ili|ali|yli|iło|ało)$/u;

export const words = (s: string) =>
  s
    .trim()
    .replace(/[?!.…]+$/u, '')
    .trim()
    .split(/\s+/u)
    .filter(Boolean);
export const lower = (w: string) => w.toLocaleLowerCase('pl').replace(/[,;:„”"()]/gu, '');
export const isTimePhrase = (ws: string[]) => {
  const ls = ws.map(lower);
  if (ls.length === 1 && TIME_WORDS.has(ls[0]!)) return true;
  const [p, ...rest] = ls;
  if (!p || !['w', 'we', 'od', 'do', 'przed', 'po', 'na'].includes(p) || rest.length === 0) return false;
  return rest.some(
    (w) =>
      /^\d{4}$/.test(w) || MONTHS.test(w) || WEEKDAYS.test(w) || /^(roku|rok|zeszłym|tym|przyszłym|miesiącu|tygodniu|kwartale|poprzednim|ubiegłym|zeszłego|przeszłości)$/u.test(w),
  );
};
export const isVerbLike = (w: string) => AUXILIARIES.has(w) || (w.length > 4 && VERB_ENDING.test(w));

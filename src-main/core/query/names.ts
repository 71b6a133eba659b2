/**
 * Which words of the documents are proper names. People type questions in lower case ("w
 * oliwie", "ewa"), so a name in a question is recognised by how the documents write the
 * same word: a term the documents capitalise inside sentences more often than they write
 * it in lower case is a name (a place, a person, a company, a product). Acronyms
 * (NFZ, AED) count too. Learnt from the stored text, nothing fitted.
 */
import { analyzeWord, lemmatize, posTags } from '../retrieve/polish-analyzer';
import { addAddresses, addPremisesAddresses, samePlaces, STREET_ABBREVIATIONS, type Addresses } from './addresses';

export interface NameLexicon {
  /** True when the analysed term is a proper name in the documents. */
  isName(term: string): boolean;
  /** How the documents write the name most often (for messages), if known. */
  surface(term: string): string | undefined;
  /**
   * For a common word the documents capitalise only as the later word of a longer name ("na Starym
   * **Mieście**", where they also write "w mieście"; "Kant **Meble** Fryzjerskie"), the terms of the
   * words that begin that name: the word is the name only after one of them. Undefined for every
   * other name.
   */
  nameBefore?(term: string): ReadonlySet<string> | undefined;
  /**
   * A word the documents write in lower case at least as often, but capitalise only right after
   * another capitalised word ("Pupil **Max**", where they also write "max 30"): the terms of those
   * words, and how the documents write the word there. It is a name right after one of them that is
   * a name itself (`lexiconName`). Undefined for every other word.
   */
  innerName?(term: string): { after: ReadonlySet<string>; surface: string } | undefined;
  /** Other names of the place a name word names, as terms: the district of a street the documents place there, and back (addresses.ts). */
  samePlace?(term: string): ReadonlySet<string> | undefined;
  readonly size: number;
}

interface Counts {
  upper: number;
  lower: number;
  surfaces: Map<string, number>;
  /** Terms of the capitalised words right before its capitalised uses; none when one use stands alone. */
  before: Set<string> | undefined;
  /** Capitalised uses with another capitalised word right after: inside a longer name, not ending it. */
  inner: number;
}

const WORD_RE = /[\p{L}][\p{L}\p{N}-]*/gu;
const SPACE_RE = /\s/u;
const UNIT_START = '.!?:;…|"„(';
/** Abbreviations before a place's name (street, avenue, square, estate), as the text before their period ends. */
const NAME_ABBREVIATION = new RegExp(String.raw`(?<![\p{L}])(?:${STREET_ABBREVIATIONS})$`, 'iu');

/**
 * Whether every dictionary reading of a word is a proper name (a capitalised lemma): "Kamil",
 * "Jeżyce", "wildzie" (Wilda, Wilde, Wild); not "Marek" (also "marka"), "Oliwa", "Sobota". A word the
 * dictionary does not know is no proof. `ignoring`: tags of readings left out ("verb:impt": a
 * sentence's first word gives no order).
 */
export function readsOnlyAsName(word: string, ignoring?: RegExp): boolean {
  const readings = lemmatize(word.toLowerCase()).filter((l) => l.pos !== undefined && !ignoring?.test(l.pos));
  return readings.length > 0 && readings.every((l) => /^\p{Lu}/u.test(l.lemma));
}

/** Whether the dictionary reads a word as a common word (a lower-case lemma): "Meble", "Młyn"; not "Wilda", "Kamil". */
function readsAsCommonWord(word: string): boolean {
  return lemmatize(word.toLowerCase()).some((l) => l.pos !== undefined && l.lemma === l.lemma.toLowerCase());
}

/**
 * Whether a word typed in lower case is a name the dictionary cannot tell: one it reads only as a
 * proper name (`readsOnlyAsName`; an imperative reading left out, a question gives no orders:
 * "wrzeszcz" is Wrzeszcz, not "shout!"), or parts joined by a hyphen that it does not know at all
 * ("pk-lato", "moto-hurcie": a code or a firm's name; a compound adjective such as
 * "biało-czerwony" it reads, and a one-letter prefix as in "e-faktura" makes a common word).
 */
export function typedAsName(word: string): boolean {
  if (readsOnlyAsName(word, /(?:^|\+)verb:impt/u)) return true;
  return /^\p{L}{2,}(?:-\p{L}+)+$/u.test(word) && posTags(word.toLowerCase()).length === 0;
}

/**
 * The name term of a word joined by a hyphen and typed in lower case, when the documents write it
 * as a name that declines: "moto-hurcie" is Moto-Hurt in the locative, whose analysed term the
 * lexicon holds. A code, written in capitals ("SL-PLUS", "PK-ZIMA"), does not decline: it is kept
 * as typed, never stemmed. Undefined when the documents have no such name.
 */
export function joinedName(word: string, names: NameLexicon | undefined): string | undefined {
  const term = names ? analyzeWord(word) : undefined;
  if (!names || !term || !names.isName(term)) return undefined;
  const surface = names.surface(term);
  return surface && !/^[\p{Lu}\p{N}-]+$/u.test(surface) ? term : undefined;
}

/**
 * Builds the lexicon from chunk bodies (not breadcrumbs: headings are capitalised by layout), and
 * the places' other names also from whole documents (`documents`: each one's title and bodies).
 */
export function buildNameLexicon(bodies: Iterable<string>, documents: Iterable<string> = []): NameLexicon {
  const counts = new Map<string, Counts>();
  const addresses: Addresses = new Map();
  addPremisesAddresses(addresses, documents);
  for (const body of bodies) {
    addAddresses(addresses, body);
    for (const line of body.split('\n')) {
      // Heading lines and list bullets start with a capital by layout; every sentence start too.
      const text = line.replace(/^\s*(?:#+|[-*•]|\d+[.)])\s*/u, '');
      let sentenceStart = true;
      let last = 0;
      // The previous word's term when it was capitalised inside a sentence and only spaces follow it.
      let capitalBefore: string | undefined;
      for (const m of text.matchAll(WORD_RE)) {
        // Sentence ends, label colons, table cell bars and quotes all start a capitalised unit: the
        // last character before this word, past any white space since the previous word, is one.
        // (Scanned in place: ~13 000 words per log, a slice and two regexes each cost GC and time.)
        let j = m.index - 1;
        while (j >= last && SPACE_RE.test(text[j]!)) j--;
        const joined = j < last ? capitalBefore : undefined;
        capitalBefore = undefined;
        // The period of "ul.", "al.", "pl.", "os." ends no sentence: a street's name follows ("przy ul. Jagiellońskiej").
        if (j >= last && UNIT_START.includes(text[j]!) && !(text[j] === '.' && NAME_ABBREVIATION.test(text.slice(Math.max(0, j - 4), j)))) sentenceStart = true;
        last = m.index + m[0].length;
        const word = m[0];
        const starts = sentenceStart;
        sentenceStart = false;
        if (word.length < 2 || /\p{N}/u.test(word)) continue;
        const isAcronym = word.length <= 6 && word === word.toUpperCase() && word !== word.toLowerCase();
        // Checked before analysing: a sentence's first word is skipped whatever it is (though it may begin a longer name).
        if (starts && !isAcronym) {
          capitalBefore = /^\p{Lu}/u.test(word) ? (analyzeWord(word) ?? undefined) : undefined;
          continue;
        }
        const term = analyzeWord(word);
        if (!term) continue;
        const capitalised = /^\p{Lu}/u.test(word);
        let c = counts.get(term);
        if (!c) counts.set(term, (c = { upper: 0, lower: 0, surfaces: new Map(), before: new Set(), inner: 0 }));
        if (capitalised) {
          c.upper++;
          c.surfaces.set(word, (c.surfaces.get(word) ?? 0) + 1);
          if (joined === undefined) c.before = undefined;
          else {
            c.before?.add(joined);
            const prev = counts.get(joined);
            if (prev) prev.inner++;
          }
          capitalBefore = term;
        } else c.lower++;
      }
    }
  }
  const places = samePlaces(addresses);
  const { names, tails, inner } = namesOf(counts);
  return {
    isName: (term) => names.has(term),
    surface: (term) => names.get(term),
    nameBefore: (term) => tails.get(term),
    innerName: (term) => inner.get(term),
    samePlace: (term) => places.get(term),
    size: names.size,
  };
}

/** The names of the counted words, the common words inside longer names (`nameBefore`) and the later words of names only (`innerName`). */
function namesOf(counts: ReadonlyMap<string, Counts>) {
  const names = new Map<string, string>();
  const tails = new Map<string, ReadonlySet<string>>();
  const inner = new Map<string, { after: ReadonlySet<string>; surface: string }>();
  for (const [term, c] of counts) {
    const best = [...c.surfaces.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    if (best === undefined) continue;
    // A strict majority: a word as often lower-case as capitalised is a common word that starts titles.
    if (c.upper > c.lower) {
      names.set(term, best);
      // Capitalised only after another name word, and written in lower case too, or read by the
      // dictionary as a common word and never the name's last word: a common word inside a longer
      // name ("Kant **Meble** Fryzjerskie"; not the surname of "Marek Lis").
      if (c.before?.size && (c.lower > 0 || (c.inner === c.upper && readsAsCommonWord(best)))) tails.set(term, c.before);
    } else if (c.before?.size) inner.set(term, { after: c.before, surface: best });
  }
  return { names, tails, inner };
}

/**
 * How a question's word reads against the documents' names, given the term of the word before it:
 * the name as the documents write it, or undefined. A common word they capitalise only inside a
 * longer name is that name only right after the name's earlier word ("na Starym Mieście", not "w
 * mieście"; "pupil max" for "Pupil Max" where they also write "max 30").
 */
export function lexiconName(names: NameLexicon | undefined, term: string, surface: string, previous: string): string | undefined {
  if (!names) return undefined;
  const inner = names.innerName?.(term);
  if (inner?.after.has(previous) && names.isName(previous)) return inner.surface;
  const nameBefore = names.nameBefore?.(term);
  if (!names.isName(term) || !writesName(surface, names.surface(term)) || (nameBefore && !nameBefore.has(previous))) return undefined;
  return names.surface(term) ?? surface;
}

/**
 * Polish case endings of nouns (genitive, dative, accusative, instrumental, locative; singular
 * and plural), longest first. A foreign or invented name the dictionary does not know is still
 * declined by the user ("w Dentamaxie", "z Pipedrive'em", "MediRatom"), and the documents may
 * never write that form.
 */
const CASE_ENDINGS = ['owi', 'ami', 'ach', 'iem', 'ów', 'om', 'em', 'ie', 'ą', 'ę', 'a', 'u', 'y', 'i', 'e'];
/** Endings of a name's own base form, restored after a case ending is cut ("MediRat|om" → "MediRaty"). */
const BASE_ENDINGS = ['', 'a', 'y'];

/**
 * The name a declined form the documents never use stands for: its case ending cut off (and the
 * base form's ending restored), the remainder a name of the documents ("dentamaxie" → Dentamax).
 * Undefined when no such name exists. Used only for words the documents never contain, so a word
 * they do use keeps its own meaning.
 */
export function declinedName(word: string, names: NameLexicon): string | undefined {
  const lower = word.toLowerCase().replace(/['’]/gu, '');
  for (const ending of CASE_ENDINGS) {
    if (!lower.endsWith(ending)) continue;
    const cut = lower.slice(0, lower.length - ending.length);
    if (cut.length < 3) continue;
    for (const stem of [cut, ...hardenedStems(cut, ending)]) {
      for (const base of BASE_ENDINGS) {
        const term = analyzeWord(stem + base);
        if (term && names.isName(term)) return term;
      }
    }
  }
  return undefined;
}

/**
 * Before the locative and dative "-e"/"-ie" Polish softens a stem's last consonant: "w Fizjome**dzie**"
 * of Fizjomed, "w Par**cie**" of Part, "u Partne**rze**" of Partner, "w Pra**dze**" of Praga, "w
 * Pol**sce**" of Polska, "na Mazu**rze**": each entry is the ending cut, the softened end of the stem
 * and its hard end, a closed class of the language's alternations. `hardenedStems` gives the hard
 * stems a cut stem may come from.
 */
const SOFTENED: ReadonlyArray<readonly [string, string, string]> = [
  ['ie', 'dz', 'd'],
  ['ie', 'c', 't'],
  ['e', 'rz', 'r'],
  ['e', 'l', 'ł'],
  ['e', 'dz', 'g'],
  ['e', 'c', 'k'],
  ['e', 'sz', 'ch'],
];
function hardenedStems(stem: string, ending: string): string[] {
  return SOFTENED.filter(([cut, soft]) => cut === ending && stem.endsWith(soft)).map(([, soft, hard]) => stem.slice(0, stem.length - soft.length) + hard);
}

/**
 * Whether a word of a question, typed in any case, is a form of a name as the documents write it:
 * the two differ at most in their last three letters, diacritics kept ("tomka" for "Tomek",
 * "dentamaxie" for "Dentamax", "ola" for "Ola"). "zajęcia" shares its folded lemma ("zajac", of
 * "zająć") with the surname "Zając", yet is no form of it.
 */
export function writesName(word: string, name: string | undefined): boolean {
  if (name === undefined) return true;
  const [lower, acronym] = [word.toLowerCase(), name.toLowerCase()];
  return differInEndingOnly(lower, acronym) && !(isAcronym(name) && commonWordNotAcronym(lower, acronym));
}

/**
 * An acronym ("UM" of "UM/2026/014", "NFZ") inflects with a hyphen ("NFZ-u") or, typed casually,
 * as a word with no other reading ("zusie"); a word the dictionary reads as something else is that
 * word ("umów" is of "umowa", not of "UM").
 */
function commonWordNotAcronym(lower: string, acronym: string): boolean {
  if (lower === acronym || lower.startsWith(`${acronym}-`)) return false;
  return lemmatize(lower).some((l) => l.lemma.toLowerCase() !== acronym);
}

function isAcronym(name: string): boolean {
  return name.length <= 6 && name === name.toUpperCase() && name !== name.toLowerCase();
}

/** Whether two words differ at most in their last three letters (a Polish case ending: "Booksy"/"Booksym"). */
export function differInEndingOnly(a: string, b: string): boolean {
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return common >= Math.max(a.length, b.length) - 3;
}

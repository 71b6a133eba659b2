/**
 * Polish given names and their everyday forms: people write "Tomek", "Kuba", "Ola" where a decision
 * log writes "Tomasz", "Jakub", "Aleksandra", and the other way round. A language resource (how
 * Polish hypocoristics are formed for common given names), not a list drawn from any log or question.
 */
import { analyzeWord, foldDiacritics, lemmatize } from '../retrieve/polish-analyzer';
import type { NameLexicon } from './names';

/** `full: everyday forms`, lower case, as written. */
// prettier-ignore
const HYPOCORISTICS: Record<string, string[]> = {
  tomasz: ['tomek'], jakub: ['kuba', 'kubuś'], bartłomiej: ['bartek'], wojciech: ['wojtek'], stanisław: ['staszek', 'staś'],
  jerzy: ['jurek'], józef: ['józek'], franciszek: ['franek'], antoni: ['antek'], jan: ['jasiek', 'janek'], piotr: ['piotrek'],
  krzysztof: ['krzysiek', 'krzyś'], grzegorz: ['grzesiek', 'grześ'], maciej: ['maciek'], aleksander: ['olek', 'alek'],
  dariusz: ['darek'], mirosław: ['mirek'], ryszard: ['rysiek'], zbigniew: ['zbyszek'], henryk: ['heniek'], władysław: ['władek'],
  mieczysław: ['mietek'], sławomir: ['sławek'], radosław: ['radek'], jarosław: ['jarek'], przemysław: ['przemek'], tadeusz: ['tadek'],
  kazimierz: ['kazik'], wiesław: ['wiesiek'], szymon: ['szymek'],
  aleksandra: ['ola', 'ala'], katarzyna: ['kasia'], barbara: ['basia'], małgorzata: ['gosia', 'małgosia'], joanna: ['asia'],
  zofia: ['zosia'], anna: ['ania'], hanna: ['hania'], magdalena: ['magda'], jolanta: ['jola'], elżbieta: ['ela'],
  agnieszka: ['aga'], agata: ['aga'], maria: ['marysia'], krystyna: ['krysia'], danuta: ['danka', 'danusia'], teresa: ['tereska'],
  izabela: ['iza'], urszula: ['ula'], jadwiga: ['jadzia'], helena: ['hela'], emilia: ['emilka'], weronika: ['wera'],
  wiktoria: ['wika'], julia: ['jula', 'julka'], zuzanna: ['zuza', 'zuzia'], stanisława: ['stasia'], natalia: ['natka'],
  irena: ['irka'], genowefa: ['gienia'],
};

/** Every form (folded) → the other forms of the same name (as written). */
const VARIANTS: ReadonlyMap<string, readonly string[]> = (() => {
  const out = new Map<string, string[]>();
  const add = (from: string, to: string) => out.set(from, [...(out.get(from) ?? []), to]);
  for (const [full, everyday] of Object.entries(HYPOCORISTICS)) {
    for (const e of everyday) {
      add(foldDiacritics(e), full);
      add(foldDiacritics(full), e);
    }
  }
  return out;
})();

/**
 * The term of the same given name as the documents write it, for a word they never use: "tomek"
 * where the log names "Tomasz", "Jakuba" where it names "Kuba". By the word's lemmas (any case of
 * it), among the forms of that name the documents use as a name; undefined when none or several.
 */
export function givenNameVariant(word: string, names: NameLexicon): string | undefined {
  const lemmas = new Set([word, ...lemmatize(word).map((l) => l.lemma)].map((w) => foldDiacritics(w.toLowerCase())));
  const found = new Set<string>();
  for (const lemma of lemmas) {
    for (const other of VARIANTS.get(lemma) ?? []) {
      const term = analyzeWord(other.charAt(0).toUpperCase() + other.slice(1));
      if (term && names.isName(term)) found.add(term);
    }
  }
  return found.size === 1 ? [...found][0] : undefined;
}

const VARIANT_TERMS = new Map<string, readonly string[]>();

/**
 * The analysed terms of the other forms of a given name, for a word as written in any case
 * ("Kasi" → the term of "Katarzyna"): a decision naming "Katarzyna Lis" speaks of the "Kasia Lis" a
 * question asks about. Empty for a word that is no common given name.
 */
export function nameVariantTerms(word: string): readonly string[] {
  let known = VARIANT_TERMS.get(word);
  if (known === undefined) {
    const lemmas = new Set([word, ...lemmatize(word).map((l) => l.lemma)].map((w) => foldDiacritics(w.toLowerCase())));
    const own = analyzeWord(word);
    const forms = [...lemmas].flatMap((l) => VARIANTS.get(l) ?? []);
    known = [...new Set(forms.map((f) => analyzeWord(f.charAt(0).toUpperCase() + f.slice(1))).filter((t): t is string => t !== null && t !== own))];
    VARIANT_TERMS.set(word, known);
  }
  return known;
}

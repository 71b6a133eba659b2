/**
 * Everything the question path derives from text, dumped one JSON line per item, so two checkouts
 * can be compared byte for byte (performance work on the analyzer must not change a single term):
 *
 *   npx tsx bench/analysis-dump.ts [--root <checkout>] > a.jsonl   (default: this checkout)
 *   git archive <commit> | tar -x -C /tmp/before && ln -s "$PWD/node_modules" /tmp/before/
 *   npx tsx bench/analysis-dump.ts --root /tmp/before > b.jsonl && cmp a.jsonl b.jsonl
 *
 * On both public logs (../shared/corpus, ../shared/corpus2): `analyze()` of every decision, the
 * analyzer's per-word functions on every distinct word in eight variants (cases, NFD, folded,
 * suffixed, cut), each log's name lexicon, `analyzeQuery` and `analyze` of every question of the
 * golden files, the time scope of questions built from every cue and month form, the months named
 * on every line, odd input. The inputs come from the corpora only, never from the checkout's code.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const here = path.resolve(import.meta.dirname, '..');
const i = process.argv.indexOf('--root');
const root = path.resolve(i > 0 ? process.argv[i + 1]! : here);
const shared = path.resolve(here, '..', 'shared');
const pa = await import(path.join(root, 'src-main/core/retrieve/polish-analyzer.ts'));
const { buildNameLexicon } = await import(path.join(root, 'src-main/core/query/names.ts'));
const { analyzeQuery } = await import(path.join(root, 'src-main/core/query/analyze.ts'));
const { detectTimeScope } = await import(path.join(root, 'src-main/core/query/time-scope.ts'));
const { MONTH_FORMS, monthsNamedIn } = await import(path.join(root, 'src-main/core/text/polish-months.ts'));

const out: string[] = [];
const emit = (x: unknown) => out.push(JSON.stringify(x));
const filesUnder = (dir: string, re: RegExp): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((e) => {
      const p = path.join(dir, e);
      return statSync(p).isDirectory() ? filesUnder(p, re) : re.test(e) ? [p] : [];
    });
const questionsOf = (file: string): string[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { q: string }).q);

const allQuestions: string[] = [];
for (const corpus of ['corpus', 'corpus2'].map((c) => path.join(shared, c))) {
  const texts = filesUnder(path.join(corpus, 'decyzje'), /\.(md|txt)$/).map((f) => readFileSync(f, 'utf8'));
  const words = new Set<string>();
  const df = new Map<string, number>();
  for (const t of texts) {
    const terms = pa.analyze(t) as string[];
    emit(terms);
    for (const x of new Set(terms)) df.set(x, (df.get(x) ?? 0) + 1);
    for (const m of t.matchAll(/[\p{L}\p{N}][\p{L}\p{N}-]*/gu)) words.add(m[0]);
  }
  for (const w of [...words].sort()) {
    for (const v of [w, w.toUpperCase(), w.toLowerCase(), w[0]!.toUpperCase() + w.slice(1), pa.foldDiacritics(w), w.normalize('NFD'), `${w}ów`, w.slice(1)]) {
      emit([v, pa.analyzeWordTerms(v), pa.analyzeWord(v), pa.lemmatize(v), pa.stem(v), pa.foldDiacritics(v)]);
    }
  }
  const lexicon = buildNameLexicon(texts);
  const allTerms = [...new Set(texts.flatMap((t) => [...t.matchAll(/[\p{L}][\p{L}\p{N}-]*/gu)].map((m) => pa.analyzeWord(m[0]) as string | null)))].sort();
  emit(['lexicon', lexicon.size, allTerms.filter((t) => t && lexicon.isName(t)).map((t) => [t, lexicon.surface(t)])]);
  const questions = filesUnder(corpus, /^golden.*\.jsonl$/).flatMap(questionsOf);
  allQuestions.push(...questions);
  for (const q of questions) {
    emit(analyzeQuery(q, { today: '2026-11-30', names: lexicon, documentFrequency: (t: string) => df.get(t) ?? 0 }));
    emit(pa.analyze(q));
  }
  for (const line of filesUnder(corpus, /\.(md|txt|jsonl)$/).flatMap((f) => readFileSync(f, 'utf8').split('\n'))) emit(monthsNamedIn(line));
}
// Time scope: questions built from the month forms and from the cue-like words of the questions.
const cueish = [...new Set(allQuestions.flatMap((q) => q.toLowerCase().match(/\p{L}+/gu) ?? []))];
const months = (MONTH_FORMS as string[][]).flat();
for (const w of [...months, ...cueish, 'w tym roku', 'w zeszłym miesiącu', 'II kwartale', 'q3', 'przed zmianą', 'na dzień dzisiejszy']) {
  for (const t of [`ile kosztowało ${w}?`, `${w} stawka`, `co ${w.toUpperCase()}, a co teraz`, `x${w}`, `${w}1`, `(${w})`, `w  ${w}\u00a0roku`, `na ${w}-ie`]) {
    emit([t, detectTimeScope(t, '2026-11-30'), detectTimeScope(t, '2026-01-15')]);
  }
}
for (const w of [
  '',
  ' ',
  'ł',
  'Ł',
  'ŁÓDŹ',
  'łódź',
  'e\u0301',
  '😀',
  '\ud800',
  'a\u0000b',
  'x'.repeat(300),
  '123',
  'UM/2026/014',
  'zrodlo',
  'cene',
  'Wrzeszczu',
  'WRZESZCZU',
  'ſierpnia',
  'MAJA',
]) {
  emit([w, pa.analyze(w), pa.analyzeWordTerms(w), pa.analyzeWord(w), pa.lemmatize(w), pa.stem(w), monthsNamedIn(w)]);
}
process.stdout.write(`${out.join('\n')}\n`);

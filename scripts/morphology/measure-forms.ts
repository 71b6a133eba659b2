/**
 * Measures Polish morphology options on test/fixtures/morphology/polish-forms.json:
 * - conflation: pairs of forms of one lemma that share an index term;
 * - folded conflation: a form typed without Polish letters shares a term with the real forms;
 * - separation: pairs of forms of different lemmas that share none;
 * - lemma accuracy (lemmatizers and Stempel): the output equals the dictionary lemma.
 *
 *   npx tsx scripts/morphology/measure-forms.ts [--lemmas name=file.json …] [--json]
 *
 * `--lemmas` adds an external lemmatizer measured elsewhere (a JSON object word → lemma[]),
 * e.g. simplemma or morfologik dumped by scripts/morphology/dump_lemmas.py.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { analyze, foldDiacritics, lemmatize, loadMorphology, type MorphologyOptions } from '../../src-main/core/retrieve/polish-analyzer';

interface Group {
  lemma: string;
  pos: string;
  forms: string[];
  folded: string[];
}

export interface FormsReport {
  name: string;
  conflation: number;
  foldedConflation: number;
  separation: number;
  lemmaAccuracy: number | null;
  collisions: string[];
  splits: string[];
}

const FIXTURE = path.join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'morphology', 'polish-forms.json');

export function readForms(): Group[] {
  return (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { groups: Group[] }).groups;
}

const intersects = (a: Set<string>, b: Set<string>): boolean => [...a].some((t) => b.has(t));

export function measure(name: string, terms: (w: string) => Set<string>, lemma: ((w: string) => string[]) | null, groups = readForms()): FormsReport {
  let same = 0;
  let samePairs = 0;
  let folded = 0;
  let foldedPairs = 0;
  const splits: string[] = [];
  for (const g of groups) {
    const ts = g.forms.map((f) => terms(f));
    for (let i = 0; i < ts.length; i++)
      for (let j = i + 1; j < ts.length; j++) {
        samePairs++;
        if (intersects(ts[i]!, ts[j]!)) same++;
        else if (splits.length < 400) splits.push(`${g.forms[i]}/${g.forms[j]}`);
      }
    for (const f of g.folded.filter((x) => !g.forms.includes(x))) {
      const tf = terms(f);
      for (const t of ts) {
        foldedPairs++;
        if (intersects(tf, t)) folded++;
      }
    }
  }
  let apart = 0;
  let apartPairs = 0;
  const collisions: string[] = [];
  const all = groups.flatMap((g, gi) => g.forms.map((f) => ({ gi, f, t: terms(f) })));
  for (let i = 0; i < all.length; i++)
    for (let j = i + 1; j < all.length; j++) {
      if (all[i]!.gi === all[j]!.gi) continue;
      apartPairs++;
      if (!intersects(all[i]!.t, all[j]!.t)) apart++;
      else collisions.push(`${all[i]!.f}~${all[j]!.f}`);
    }
  let lemmaOk = 0;
  let lemmaN = 0;
  if (lemma) {
    for (const g of groups)
      for (const f of g.forms) {
        lemmaN++;
        if (lemma(f).some((l) => l.toLowerCase() === g.lemma.toLowerCase())) lemmaOk++;
      }
  }
  return {
    name,
    conflation: same / samePairs,
    foldedConflation: folded / foldedPairs,
    separation: apart / apartPairs,
    lemmaAccuracy: lemma ? lemmaOk / lemmaN : null,
    collisions,
    splits,
  };
}

function analyzerVariant(name: string, options: MorphologyOptions, withLemma: boolean): FormsReport {
  loadMorphology(options);
  return measure(name, (w) => new Set(analyze(w)), withLemma ? (w) => lemmatize(w).map((l) => l.lemma) : null);
}

function main(): void {
  const args = process.argv.slice(2);
  const reports: FormsReport[] = [
    analyzerVariant('light stemmer (before)', { backend: 'light' }, false),
    analyzerVariant('Stempel original', { backend: 'stempel', table: 'original', termMode: 'lemma' }, true),
    analyzerVariant('Stempel original + folded light term', { backend: 'stempel', table: 'original' }, true),
    analyzerVariant('Stempel polimorf', { backend: 'stempel', table: 'polimorf', termMode: 'lemma' }, true),
    analyzerVariant('Stempel polimorf + folded light term', { backend: 'stempel', table: 'polimorf' }, true),
    analyzerVariant('morfologik (+Stempel original for unknown words)', { backend: 'morfologik', table: 'original', termMode: 'lemma' }, true),
    analyzerVariant('morfologik + folded light term (chosen)', { backend: 'morfologik', table: 'original' }, true),
    analyzerVariant('morfologik (+light for unknown words) + folded light term', { backend: 'morfologik', unknown: 'light' }, true),
  ];
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== '--lemmas') continue;
    const [name, file] = (args[++i] ?? '').split('=');
    const table = JSON.parse(readFileSync(file!, 'utf8')) as Record<string, string[]>;
    const lemmas = (w: string): string[] => table[w] ?? table[w.toLowerCase()] ?? [];
    reports.push(measure(name!, (w) => new Set((lemmas(w).length ? lemmas(w) : [w]).map((l) => foldDiacritics(l.toLowerCase()))), lemmas));
  }
  if (args.includes('--json')) {
    console.log(JSON.stringify(reports, null, 2));
    return;
  }
  const pct = (x: number | null): string => (x === null ? '—' : `${(100 * x).toFixed(1)}%`);
  console.log('| option | same-lemma conflation | folded form conflation | separation | lemma accuracy | colliding pairs |');
  console.log('|---|---|---|---|---|---|');
  for (const r of reports)
    console.log(`| ${r.name} | ${pct(r.conflation)} | ${pct(r.foldedConflation)} | ${pct(r.separation)} | ${pct(r.lemmaAccuracy)} | ${r.collisions.length} |`);
  if (args.includes('--details'))
    for (const r of reports) console.log(`\n${r.name}\n  collisions: ${r.collisions.slice(0, 40).join(' ')}\n  splits: ${r.splits.slice(0, 60).join(' ')}`);
}

main();

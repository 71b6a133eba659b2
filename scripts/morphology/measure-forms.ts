/**
 * Compares Polish morphology options on test/fixtures/morphology/polish-forms.json (see
 * forms-metrics.ts for the metrics):
 *
 *   npx tsx scripts/morphology/measure-forms.ts [--lemmas name=file.json …] [--json] [--details]
 *
 * `--lemmas` adds a lemmatizer measured outside this process, as a JSON object
 * word → lemma[] (how simplemma's Polish data was compared).
 */
import { readFileSync } from 'node:fs';
import { analyze, foldDiacritics, lemmatize, loadMorphology, type MorphologyOptions } from '../../src-main/core/retrieve/polish-analyzer';
import { measure, type FormsReport } from './forms-metrics';

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

/**
 * Metrics of a Polish morphology option on test/fixtures/morphology/polish-forms.json:
 * - conflation: pairs of forms of one lemma that share an index term;
 * - folded conflation: a form typed without Polish letters shares a term with the real forms;
 * - separation: pairs of forms of different lemmas that share none;
 * - lemma accuracy (lemmatizers and Stempel): the output equals the dictionary lemma.
 * Used by scripts/morphology/measure-forms.ts (the comparison table) and the unit tests (floors).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

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

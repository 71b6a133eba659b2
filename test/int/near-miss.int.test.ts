/**
 * Near misses at scale against the real pipeline: for each public decision log, the generator
 * turns its answerable questions into ones the log provably cannot answer (another branch,
 * person, product, code or year), the log is ingested through the app's ingest (own Chroma
 * server, real e5) and every near miss is asked with the extractive generator. The refusal rate
 * is printed per log, swap type and origin; the floors below are the rates measured on the
 * branch that added this test and guard against regressions of the refusal gate.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIE_WIEM } from '../../src-shared/constants';
import { evenSample, generateNearMisses, type NearMiss } from '../../src-main/core/eval/near-miss';
import { loadNearMissInputs } from '../../src-main/core/eval/near-miss-io';
import { SciagaService, findModelDir } from '../../src-main/core/service';
import { REPO_ROOT } from '../helpers/paths';

/**
 * Exact "Nie wiem" on the near misses of ../shared/corpus: measured 5/83 = 0.060 on main's
 * pipeline of 2026-11-30 (extractive, hybrid-rerank). Raise it when the refusal gate improves.
 */
const CORPUS_REFUSAL_FLOOR = 0.06;
/** The same for ../shared/corpus2: measured 9/102 = 0.088. */
const CORPUS2_REFUSAL_FLOOR = 0.08;
/** At most this many near misses are asked per log (a deterministic, evenly spread sample). */
const MAX_ASKED_PER_LOG = 200;
/** The generator must keep finding at least this many provable near misses per public log. */
const MIN_GENERATED_PER_LOG = 50;

interface Outcome {
  nm: NearMiss;
  refused: boolean;
  answer: string;
}

function rateBy(outcomes: Outcome[], key: (o: Outcome) => string): string {
  const groups = new Map<string, Outcome[]>();
  for (const o of outcomes) groups.set(key(o), [...(groups.get(key(o)) ?? []), o]);
  return [...groups]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([k, os]) => `${k} ${os.filter((o) => o.refused).length}/${os.length}`)
    .join(', ');
}

function nearMissSuite(name: string, corpusDir: string, floor: () => number): void {
  describe(`near misses of ${name}`, () => {
    let dataDir: string;
    let service: SciagaService;
    let nearMisses: NearMiss[];
    let today: string;

    beforeAll(async () => {
      if (!findModelDir(os.tmpdir())) throw new Error('e5 model folder not found (run npm run model:e5)');
      const { decisions, golden } = await loadNearMissInputs(corpusDir);
      const generated = generateNearMisses(decisions, golden);
      console.log(`[near-miss ${name}] wygenerowano ${generated.nearMisses.length}: ${JSON.stringify(generated.counts)}; odrzucone: ${JSON.stringify(generated.rejected)}`);
      nearMisses = generated.nearMisses;
      // Questions without their own `today` are asked on the day after the newest decision.
      const newest = decisions.map((d) => d.id.slice(0, 10)).sort().at(-1)!;
      today = new Date(Date.parse(`${newest}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-near-miss-'));
      service = new SciagaService({ dataDir, mode: 'cli', env: { ...process.env, CHROMA_URL: '' } });
      const summary = await service.ingest([path.join(corpusDir, 'decyzje')]);
      expect(summary.integrity.ok).toBe(true);
    }, 900_000);

    afterAll(async () => {
      await service?.stop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('generates provable near misses of every origin', () => {
      expect(nearMisses.length).toBeGreaterThanOrEqual(MIN_GENERATED_PER_LOG);
      for (const nm of nearMisses) {
        expect(nm.expect).toEqual([]);
        expect(nm.kind).toBe('unanswerable');
        expect(nm.q).not.toBe(nm.source_q);
        expect(nm.q.toLowerCase()).toContain(nm.swap.to.toLowerCase());
      }
    });

    it('refuses the near misses with the exact NIE_WIEM bytes at least as often as measured', async () => {
      const asked = evenSample(nearMisses, MAX_ASKED_PER_LOG);
      const outcomes: Outcome[] = [];
      for (const nm of asked) {
        const a = await service.ask({ question: nm.q, today: nm.today ?? today });
        const refused = a.status === 'unknown' && Buffer.from(a.answer, 'utf8').equals(Buffer.from(NIE_WIEM, 'utf8'));
        outcomes.push({ nm, refused, answer: a.answer });
      }
      const refused = outcomes.filter((o) => o.refused).length;
      const rate = refused / outcomes.length;
      console.log(
        [
          `[near-miss ${name}] odmowy „Nie wiem”: ${refused}/${outcomes.length} = ${rate.toFixed(3)} (próg ${floor()})`,
          `  wg typu zamiany: ${rateBy(outcomes, (o) => o.nm.swap.type)}`,
          `  wg pochodzenia: ${rateBy(outcomes, (o) => o.nm.origin)}`,
          ...outcomes
            .filter((o) => !o.refused)
            .slice(0, 25)
            .map((o) => `  ✗ ${o.nm.q} → ${o.answer.replace(/\s+/g, ' ').slice(0, 140)}`),
        ].join('\n'),
      );
      expect(rate).toBeGreaterThanOrEqual(floor());
    }, 1_800_000);
  });
}

nearMissSuite('corpus', path.resolve(REPO_ROOT, '../shared/corpus'), () => CORPUS_REFUSAL_FLOOR);
nearMissSuite('corpus2', path.resolve(REPO_ROOT, '../shared/corpus2'), () => CORPUS2_REFUSAL_FLOOR);

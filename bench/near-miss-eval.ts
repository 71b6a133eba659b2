/**
 * Asks a log's generated near misses (src-main/core/eval/near-miss.ts) against an ingested eval
 * store and reports the exact-refusal rate, listing the answered ones.
 *
 *   npx tsx bench/answer-quality.ts ../shared/corpus2          # ingests into the eval folder
 *   npx tsx bench/near-miss-eval.ts ../shared/corpus2 [--data DIR] [--dump out.json] [--held-out]
 *   (--held-out: the rates only, not the answered near misses)
 *
 * With SCIAGA_EVIDENCE_THRESHOLD=-1 (gate open) the dump feeds bench/fit-evidence.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { NIE_WIEM } from '../src-shared/constants';
import { SciagaService } from '../src-main/core/service';
import { evalArgs } from './eval-args';
import { generateNearMisses, replacedTitleQuestions, titleQuestions } from '../src-main/core/eval/near-miss';
import { dayAfterNewest, loadNearMissInputs } from '../src-main/core/eval/near-miss-io';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const { corpus, flag, dataDir, heldOut } = evalArgs(args);
  const { decisions, golden } = await loadNearMissInputs(corpus);
  const { nearMisses } = generateNearMisses(decisions, golden);
  const today = dayAfterNewest(decisions);
  const service = new SciagaService({ dataDir, mode: 'cli', env: { ...process.env, CHROMA_URL: '' } });
  const threshold = process.env.SCIAGA_EVIDENCE_THRESHOLD;
  let titlesAnswered = 0;
  const replaced = replacedTitleQuestions(decisions);
  let replacedAnswered = 0;
  const rows: { q: string; kind: 'near-miss'; expect: string[]; refused: boolean; answer: string; evidence: unknown }[] = [];
  try {
    await service.start();
    // An empty store refuses everything: that would read as a perfect refusal rate.
    if ((await service.status()).documents === 0) throw new Error(`no documents in ${dataDir}: run bench/answer-quality.ts on ${corpus} first`);
    for (const nm of nearMisses) {
      const a = await service.ask({ question: nm.q, today: nm.today ?? today }, threshold ? { evidenceThreshold: Number(threshold) } : {});
      const refused = a.status === 'unknown' && a.answer === NIE_WIEM;
      rows.push({ q: nm.q, kind: 'near-miss', expect: [], refused, answer: a.answer, evidence: a.trace.evidence });
      if (!refused && !heldOut) console.log(`  ✗ ${nm.q} → ${a.answer.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    // The control: the unswapped title questions must still be answered by their own decision.
    for (const t of titleQuestions(decisions)) if ((await service.ask({ question: t.q, today })).answer.includes(`(${t.expect[0]})`)) titlesAnswered++;
    // …and those of replaced decisions, asked about now, by the decision that replaced them last.
    for (const t of replaced) {
      const answer = (await service.ask({ question: t.q, today })).answer;
      if (answer.includes(`(${t.expect[0]})`)) replacedAnswered++;
      else if (!heldOut) console.log(`  ✗ ${t.q} [${t.expect[0]}] → ${answer.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
  } finally {
    await service.stop();
  }
  const refused = rows.filter((r) => r.refused).length;
  console.log(`${path.basename(corpus)}: bliskie pudła odrzucone „Nie wiem”: ${refused}/${rows.length} = ${(refused / Math.max(1, rows.length)).toFixed(3)}`);
  console.log(`${path.basename(corpus)}: pytania o tytuł decyzji z odpowiedzią z niej samej: ${titlesAnswered}/${decisions.length}`);
  console.log(`${path.basename(corpus)}: pytania o dziś w sprawie zastąpionej decyzji z odpowiedzią z ostatniej w łańcuchu: ${replacedAnswered}/${replaced.length}`);
  const dump = flag('dump');
  if (dump) fs.writeFileSync(dump, JSON.stringify(rows, null, 1));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

/**
 * Questions of other businesses asked against one log's ingested eval store: a refusal control that
 * needs no golden question of that log. Another log's answerable golden questions ask about its
 * own decisions, worded in its own trade's words, so nearly all of them are unanswerable here; the
 * share answered shows how much the gate lets through when the nearest decision is only on a
 * neighbouring topic. Some are answerable in any business ("kogo zatrudniliśmy w tym roku?"), so
 * compare runs with each other, not with zero. Questions about identifiers are left out: decision
 * IDs and contract codes may coincide between logs.
 *
 *   npx tsx bench/answer-quality.ts ../shared/corpus2        # ingests into the eval folder
 *   npx tsx bench/foreign-eval.ts ../shared/corpus2 --from ../shared/corpus [--from-held-out DIR] [--data DIR] [--held-out]
 *   (--from and --from-held-out may repeat; --held-out: the rate only, not the answered questions;
 *   --from-held-out: a held-out log whose questions are asked but never printed, whatever the target)
 */
import path from 'node:path';
import { NIE_WIEM } from '../src-shared/constants';
import { SciagaService } from '../src-main/core/service';
import { evalArgs, otherLogs } from './eval-args';
import { readGolden } from '../src-main/core/eval/golden';
import { logLayout } from '../src-main/core/eval/log-harness';
import { dayAfterNewest, loadNearMissInputs } from '../src-main/core/eval/near-miss-io';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const { corpus, dataDir, heldOut } = evalArgs(args);
  const others = otherLogs(args, corpus);
  if (others.length === 0) throw new Error('give at least one other log with --from or --from-held-out');
  const questions = [];
  for (const other of others) {
    const golden = await readGolden(logLayout(other.log).golden[0]!);
    const asked = golden.filter((q) => q.kind !== 'unanswerable' && q.kind !== 'id' && q.expect.length > 0);
    questions.push(...asked.map((q) => ({ q: q.q, from: path.basename(other.log), fromHeldOut: other.heldOut })));
  }
  const today = dayAfterNewest((await loadNearMissInputs(corpus)).decisions);
  const service = new SciagaService({ dataDir, mode: 'cli', env: { ...process.env, CHROMA_URL: '' } });
  let answered = 0;
  try {
    await service.start();
    // An empty store refuses everything: that would read as a perfect refusal rate.
    if ((await service.status()).documents === 0) throw new Error(`no documents in ${dataDir}: run bench/answer-quality.ts on ${corpus} first`);
    for (const { q, from, fromHeldOut } of questions) {
      const a = await service.ask({ question: q, today });
      if (a.status === 'unknown' && a.answer === NIE_WIEM) continue;
      answered++;
      if (!heldOut && !fromHeldOut) console.log(`  ✗ [${from}] ${q} → ${a.answer.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
  } finally {
    await service.stop();
  }
  const refused = questions.length - answered;
  console.log(`${path.basename(corpus)}: pytania innych firm odrzucone „Nie wiem”: ${refused}/${questions.length} = ${(refused / Math.max(1, questions.length)).toFixed(3)}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

/**
 * Answer quality on a decision log in the corpus format (decyzje/ + golden.jsonl [+ docs/]):
 * ingests the log into a data folder (real Chroma + e5, kept between runs), asks every golden
 * question with the extractive generator and prints the figures per kind.
 *
 *   npx tsx bench/answer-quality.ts ../shared/corpus2 [--data DIR] [--dump out.json] [--only kind] [--held-out]
 *     [--questions FILE]   (asks FILE's questions, in the golden format, instead of the log's golden.jsonl)
 *   (--held-out: figures only, no question or answer printed; the dump still holds them)
 *   SCIAGA_EVIDENCE_THRESHOLD=-1 … --dump d.json   (gate open: every source's score recorded for bench/fit-evidence.ts)
 */
import fs from 'node:fs';
import { evaluateLog, formatLogEvaluation } from '../src-main/core/eval/log-harness';
import { SciagaService } from '../src-main/core/service';
import { evalArgs } from './eval-args';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const { corpus, flag, dataDir, heldOut } = evalArgs(args);
  const service = new SciagaService({ dataDir, mode: 'cli', env: { ...process.env, CHROMA_URL: '' } });
  try {
    await service.start();
    const threshold = process.env.SCIAGA_EVIDENCE_THRESHOLD;
    const only = flag('only');
    const questions = flag('questions');
    const e = await evaluateLog(service, corpus, {
      ...(threshold ? { evidenceThreshold: Number(threshold) } : {}),
      ...(only ? { kinds: [only] } : {}),
      ...(questions ? { questionFiles: [questions] } : {}),
      onQuestion: (i, n, verdict, q) => process.stderr.write(`[${i}/${n}] ${verdict}${heldOut ? '' : `: ${q.q}`}\n`),
    });
    console.log(formatLogEvaluation(e, { heldOut }));
    console.log(`mediana ${Math.round(e.report.medianMs)} ms, maks. ${Math.round(e.report.maxMs)} ms`);
    const dump = flag('dump');
    if (dump)
      fs.writeFileSync(
        dump,
        JSON.stringify(
          e.rows.map((r) => ({
            q: r.q,
            kind: r.kind,
            expect: r.expect,
            verdict: r.verdict,
            answer: r.answer,
            query: r.trace.query,
            evidence: r.trace.evidence,
            verification: r.trace.verification,
            stages: r.trace.stages,
          })),
          null,
          1,
        ),
      );
  } finally {
    await service.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

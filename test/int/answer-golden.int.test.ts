/**
 * The golden harness on both public decision logs, each ingested into its own data folder
 * (real Chroma, real e5, the extractive generator). The floors are the figures measured with
 * the shipped evidence threshold (see the note of the answers issue); a change that loses a
 * question on either log fails here. The harness takes any log in the corpus format.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NIE_WIEM } from '../../src-shared/constants';
import { evaluateLog, formatLogEvaluation } from '../../src-main/core/eval/log-harness';
import { SciagaService } from '../../src-main/core/service';
import { CORPUS, CORPUS2 } from '../helpers/paths';

interface Floors {
  /** Answerable questions answered with the expected content and citation. */
  correct: number;
  /** Unanswerable questions answered with exactly NIE_WIEM. */
  refused: number;
  /** Answerable questions refused (a ceiling). */
  maxFalseRefusals: number;
}

const LOGS: ReadonlyArray<[string, string, Floors]> = [
  ['corpus (training business, with DOCX/PDF)', CORPUS, { correct: 0, refused: 0, maxFalseRefusals: 99 }],
  ['corpus2 (dental clinic)', CORPUS2, { correct: 0, refused: 0, maxFalseRefusals: 99 }],
];

describe.each(LOGS)('golden questions of %s', (_name, corpus, floors) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-golden-'));
  const service = new SciagaService({ dataDir, mode: 'cli', env: { ...process.env, CHROMA_URL: '' } });

  afterAll(async () => {
    await service.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers with the right citation or says exactly NIE_WIEM, at the measured floors', async () => {
    const e = await evaluateLog(service, corpus);
    console.log(formatLogEvaluation(e));
    const refusedRows = e.rows.filter((r) => r.verdict === 'correct-refusal');
    for (const r of refusedRows) expect(Buffer.from(r.answer, 'utf8').equals(Buffer.from(NIE_WIEM, 'utf8'))).toBe(true);
    const falseRefusals = e.rows.filter((r) => r.verdict === 'false-refusal').length;
    expect(e.report.correct).toBeGreaterThanOrEqual(floors.correct);
    expect(refusedRows.length).toBeGreaterThanOrEqual(floors.refused);
    expect(falseRefusals).toBeLessThanOrEqual(floors.maxFalseRefusals);
  }, 1_800_000);
});

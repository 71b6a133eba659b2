/**
 * Answer quality on both public decision logs, each ingested once into its own data folder
 * (real Chroma, real e5, the extractive generator):
 *  - the golden harness (any log in the corpus format): correct answers with the right
 *    citation, exact "Nie wiem" on the unanswerable questions, false refusals;
 *  - near misses at scale: the generator turns the log's answerable questions into ones the log
 *    provably cannot answer (another branch, person, product, code or year) and every one must
 *    end in exactly NIE_WIEM as often as measured.
 * The floors are the figures measured with the shipped evidence threshold (see the note of the
 * answers issue); a change that loses questions fails here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIE_WIEM } from '../../src-shared/constants';
import { evenSample, generateNearMisses, replacedTitleQuestions, titleQuestions, type NearMiss } from '../../src-main/core/eval/near-miss';
import { dayAfterNewest, loadNearMissInputs } from '../../src-main/core/eval/near-miss-io';
import { evaluateLog, formatLogEvaluation, type LogEvaluation } from '../../src-main/core/eval/log-harness';
import { SciagaService, findModelDir } from '../../src-main/core/service';
import { CORPUS, CORPUS2 } from '../helpers/paths';

interface Floors {
  /** Answerable questions answered with the expected content and citation. */
  correct: number;
  /** Unanswerable golden questions answered with exactly NIE_WIEM. */
  refused: number;
  /** Answerable questions refused (a ceiling). */
  maxFalseRefusals: number;
  /** Share of generated near misses refused with exactly NIE_WIEM. */
  nearMissRefusal: number;
  /** Share of title questions (the near misses' base, unswapped) answered citing their own decision. */
  titleAnswered: number;
  /** Share of replaced decisions' subjects asked about now that cite the last decision of the chain. */
  replacedAnswered: number;
  /** Expected decisions cited by the answers to the aggregate questions, summed over them. */
  aggregateCited: number;
}

/**
 * Measured on 2026-11-30 (evening) with EVIDENCE_THRESHOLD 0.86 and the reranker weight 0.5, after
 * prices answered only by money, document sentences anchored to the question, "jaki X" answered only
 * from a source speaking of X, joined names as entities, a coordinated second question answered by
 * the same source and a replacing decision found by its predecessor's names (a543241): corpus 26
 * correct / 8 refused / 1 false refusal, corpus2 30 / 11 / 1; near misses refused 63/69 = 0.913 (corpus) and 71/76 = 0.934
 * (corpus2), against 0.06 and 0.088 before the constraint-coverage gate. The int8 e5 vectors shift slightly with
 * batch composition, so two runs can differ by a question or two: the floors are one question below
 * the golden figures and about three below the near-miss rates.
 * Lists and sums (answer/aggregate.ts, 2026-11-30 late): corpus 28 correct, aggregates citing 9 of
 * their 11 expected decisions; corpus2 29 correct, 13 of 28 (before: 26 / 4 of 11 and 29 / 7 of
 * 28); the aggregate floors are one decision below. Merged with the TL;DR's second sentence for
 * single answers (47120fb): corpus 28 / 8 / 1, aggregates 9 of 11; corpus2 31 / 11 / 1, aggregates
 * 12 of 28 (13 in the lists branch's own runs); near misses 63/69 and 71/76.
 * Price changes, verbs in either aspect and new parties of replacements (issue 11c, 2026-11-30
 * night): corpus 28 / 8 / 1, aggregates 9 of 11; corpus2 33 / 11 / 1, aggregates 24 of 28 (was
 * 31 and 12); near misses unchanged. The corpus2 floors are one below.
 * Role holders in apposition, a number type, reported periods, sequences (2026-11-30, last
 * session): corpus 30 / 8 / 2 (the FV-2025-002 buyer answered); corpus2 33 / 12 / 1; near misses
 * 62/69 and 71/76. The corpus floor is one below.
 * Kinds named by a classifying adjective, priced nouns, phone questions, difference amounts
 * (2026-12-01): corpus 30 / 8 / 2; corpus2 33 / 13 / 1 (the Wrzeszcz parking near miss refused);
 * near misses 62/69 and 71/76. The corpus2 refusal floor is one below.
 * Kinds named anywhere in the store, plans before the asked month, the thing a price sentence names
 * (2026-12-01, evening): corpus 30 / 8 / 2; corpus2 32 / 14 / 2 (the fixed-braces near miss refused;
 * "wywóz śmieci" now needs the word "śmieci", which the log writes "odpady"); near misses 63/69 and
 * 70/76. The corpus2 floors are one below.
 * The generator read a front-matter decision's title as its first text line ("TL;DR"), so two in
 * three decisions gave no title question and no title near miss (2026-12-03, third session). Read
 * from "tytul:", the near misses are 142 and 147 (were 69 and 76), and the title swaps are the
 * hardest of them: refused 116/142 = 0.817 and 136/147 = 0.925. The unswapped title questions,
 * now asked too, are answered citing their own decision 44/60 and 53/75: refusing them would raise
 * the near-miss rate and must not. Floors about three questions below.
 * The noun of a compound preposition ("w **sprawie**: …", "z **powodu** …") no longer a focus
 * word: near misses 118/142 = 0.831 and 140/147 = 0.952, titles unchanged; golden unchanged.
 * A single description needs a source with a word of the question besides its names, as typed and
 * yes/no answers did: near misses 129/142 = 0.908 and 142/147 = 0.966, titles and golden unchanged.
 * A name matched as the same name inflected, not by five shared letters ("Instagramie" is not
 * "instalacji"): near misses 129/142 and 145/147 = 0.986, titles and golden unchanged.
 * A single answer's source must stand out (answer/lead.ts: half its lead over the best other source
 * is added to its score) and the threshold re-fitted with it, 0.86 → 0.83 (2026-12-04): corpus
 * 30 / 8 / 1, corpus2 35 / 14 / 1; near misses 132/142 = 0.930 and 145/147, titles 44/60 and
 * 54/75. The floors are one question below the golden figures, about three below the near misses.
 * A decision without a TL;DR answers "czego dotyczy…?" with the first two items of its statement
 * (2026-12-04): corpus2 36 / 14 / 1, the rest unchanged. A short relational adjective whose noun
 * the documents use narrows nothing ("system kasowy", "aplikacja webowa"): corpus 31 / 8 / 0.
 * A single answer from the decision titled with the head noun; a refused question about a replaced
 * matter told as its history (2026-12-04, tenth session): corpus 32 / 8 / 0, corpus2 unchanged;
 * near misses unchanged. Replaced decisions' subjects asked about now ("co teraz w sprawie: …?")
 * cite the last decision of the chain 18/21 and 22/25; floors one question below. A question about
 * the present answered by the passing decision that replaced an earlier one (2026-12-04, eleventh
 * session): corpus 33 / 8 / 0, corpus2 unchanged. A history side of a "jaki X" question that names
 * nothing told with its summary's next sentence naming the thing (2026-12-04, twelfth session):
 * corpus2 37 / 14 / 1, corpus unchanged. A number the question states as its condition held by a
 * range of its noun ("10 dni" by "7–13 dni"), and a share of a price as money (2026-12-04,
 * thirteenth session): corpus 34 / 8 / 0, corpus2 unchanged. A name in apposition to a noun of a
 * thing is no person's (same session): corpus 35 / 8 / 0.
 * A source must name the capacity "jako" gives ("Teams jako menedżer zadań", 2026-12-05, sixteenth
 * session): corpus near misses 138/142 = 0.972, the rest unchanged; the corpus floor is 0.95, about
 * three questions below. A replaced decision asked by its title told as its matter's history
 * (same session): titles 60/60 and 72/75, floors 0.95 and 0.92 (about three below).
 * A matter named after "w sprawie" answered only by a decision carrying all its words (2026-12-05,
 * seventeenth session): corpus near misses 141/142 = 0.993 and the present of a replaced matter
 * 21/21; their floors 0.97 and 0.85, about three questions below.
 */
const LOGS: ReadonlyArray<[string, string, Floors]> = [
  [
    'corpus (training business, with DOCX/PDF)',
    CORPUS,
    { correct: 34, refused: 7, maxFalseRefusals: 2, nearMissRefusal: 0.97, titleAnswered: 0.95, replacedAnswered: 0.85, aggregateCited: 8 },
  ],
  ['corpus2 (dental clinic)', CORPUS2, { correct: 36, refused: 13, maxFalseRefusals: 2, nearMissRefusal: 0.96, titleAnswered: 0.92, replacedAnswered: 0.84, aggregateCited: 23 }],
];
/** At most this many near misses are asked per log (a deterministic, evenly spread sample). */
const MAX_NEAR_MISSES = 200;
/** The generator must keep finding at least this many provable near misses per public log. */
const MIN_GENERATED = 50;

describe.each(LOGS)('answers on %s', (name, corpus, floors) => {
  let dataDir: string;
  let service: SciagaService;
  let evaluation: LogEvaluation;

  beforeAll(async () => {
    if (!findModelDir(os.tmpdir())) throw new Error('e5 model folder not found (run npm run model:e5)');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-golden-'));
    service = new SciagaService({ dataDir, mode: 'cli', env: { ...process.env, CHROMA_URL: '' } });
    evaluation = await evaluateLog(service, corpus);
    console.log(formatLogEvaluation(evaluation));
  }, 1_800_000);

  afterAll(async () => {
    await service?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers golden questions with the right citation or says exactly NIE_WIEM, at the measured floors', () => {
    const refusedRows = evaluation.rows.filter((r) => r.verdict === 'correct-refusal');
    for (const r of refusedRows) expect(Buffer.from(r.answer, 'utf8').equals(Buffer.from(NIE_WIEM, 'utf8'))).toBe(true);
    expect(evaluation.report.correct).toBeGreaterThanOrEqual(floors.correct);
    expect(refusedRows.length).toBeGreaterThanOrEqual(floors.refused);
    expect(evaluation.rows.filter((r) => r.verdict === 'false-refusal').length).toBeLessThanOrEqual(floors.maxFalseRefusals);
  });

  it('cites the expected decisions of list and sum questions at least as often as measured', () => {
    const cited = evaluation.aggregates.reduce((n, a) => n + a.cited, 0);
    expect(cited).toBeGreaterThanOrEqual(floors.aggregateCited);
  });

  it('keeps single-fact answers to at most two sentences', () => {
    expect(evaluation.singleFacts.overTwoSentences).toBeLessThanOrEqual(1);
  });

  it('refuses generated near misses with the exact NIE_WIEM bytes at least as often as measured', async () => {
    const { decisions, golden } = await loadNearMissInputs(corpus);
    const generated = generateNearMisses(decisions, golden);
    expect(generated.nearMisses.length).toBeGreaterThanOrEqual(MIN_GENERATED);
    // Questions without their own `today` are asked on the day after the newest decision.
    const today = dayAfterNewest(decisions);
    const asked: NearMiss[] = evenSample(generated.nearMisses, MAX_NEAR_MISSES);
    let refused = 0;
    const misses: string[] = [];
    for (const nm of asked) {
      expect(nm.expect).toEqual([]);
      const a = await service.ask({ question: nm.q, today: nm.today ?? today });
      if (a.status === 'unknown' && Buffer.from(a.answer, 'utf8').equals(Buffer.from(NIE_WIEM, 'utf8'))) refused++;
      else misses.push(`  ✗ ${nm.q} → ${a.answer.replace(/\s+/g, ' ').slice(0, 140)}`);
    }
    const rate = refused / asked.length;
    console.log([`[near-miss ${name}] odmowy „Nie wiem”: ${refused}/${asked.length} = ${rate.toFixed(3)}`, ...misses.slice(0, 25)].join('\n'));
    expect(rate).toBeGreaterThanOrEqual(floors.nearMissRefusal);
  }, 1_800_000);

  it('answers the unswapped title questions citing their own decision at least as often as measured', async () => {
    const { decisions } = await loadNearMissInputs(corpus);
    const titles = titleQuestions(decisions);
    expect(titles).toHaveLength(decisions.length);
    const today = dayAfterNewest(decisions);
    let answered = 0;
    for (const t of titles) if ((await service.ask({ question: t.q, today })).answer.includes(`(${t.expect[0]})`)) answered++;
    console.log(`[titles ${name}] odpowiedzi z własnej decyzji: ${answered}/${titles.length}`);
    expect(answered / titles.length).toBeGreaterThanOrEqual(floors.titleAnswered);
  }, 1_800_000);

  it('answers what holds now on a replaced decision’s subject from the last decision of its chain, at the measured floor', async () => {
    const { decisions } = await loadNearMissInputs(corpus);
    const questions = replacedTitleQuestions(decisions);
    expect(questions.length).toBeGreaterThan(10);
    const today = dayAfterNewest(decisions);
    let answered = 0;
    for (const t of questions) if ((await service.ask({ question: t.q, today })).answer.includes(`(${t.expect[0]})`)) answered++;
    console.log(`[replaced ${name}] odpowiedzi z ostatniej decyzji łańcucha: ${answered}/${questions.length}`);
    expect(answered / questions.length).toBeGreaterThanOrEqual(floors.replacedAnswered);
  }, 1_800_000);
});

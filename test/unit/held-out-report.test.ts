/**
 * A held-out log is measured, never read: with `--held-out` the evaluation scripts print its
 * figures and no question or answer of it.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { formatLogEvaluation, type LogEvaluation } from '../../src-main/core/eval/log-harness';
import { evalArgs, otherLogs } from '../../bench/eval-args';

const QUESTION = 'ile kosztuje bukiet ślubny z piwonii?';
const ANSWER = 'Bukiet ślubny kosztuje 380 zł (2031-05-04-01).';
const AGGREGATE = 'jakie kwiaciarnie mamy w mieście?';

function evaluation(): LogEvaluation {
  const trace = {} as LogEvaluation['rows'][number]['trace'];
  return {
    corpus: '/logi/kwiaciarnia',
    report: {} as LogEvaluation['report'],
    perKind: [{ kind: 'semantic', n: 2, correct: 1, correctRefusal: 0, falseRefusal: 0, otherWrong: 1 }],
    aggregates: [{ q: AGGREGATE, cited: 1, expected: 2 }],
    singleFacts: { answered: 2, overTwoSentences: 0 },
    rows: [
      { q: 'do której jest otwarte w sobotę?', kind: 'semantic', expect: ['2031-01-10-01'], verdict: 'correct', answer: 'Do 14:00 (2031-01-10-01).', trace },
      { q: QUESTION, kind: 'semantic', expect: ['2031-06-01-01'], verdict: 'wrong-content', answer: ANSWER, trace },
    ],
  };
}

describe('the report of a held-out log', () => {
  it('gives the figures and no question or answer', () => {
    const text = formatLogEvaluation(evaluation(), { heldOut: true });
    expect(text).toContain('| semantic | 2 | 1 | 0 | 0 | 1 |');
    expect(text).toContain('zbiorcze: 1/2 oczekiwanych decyzji zacytowanych');
    for (const secret of [QUESTION, ANSWER, AGGREGATE, 'bukiet', 'kwiaciarnie']) expect(text).not.toContain(secret);
  });

  it('lists the failures of a log that is not held out', () => {
    const text = formatLogEvaluation(evaluation());
    expect(text).toContain(`✗ [wrong-content] ${QUESTION} → ${ANSWER}`);
    expect(text).toContain(AGGREGATE);
  });

  it('reads the switch wherever it stands, and a flag value is no corpus', () => {
    const held = evalArgs(['--held-out', '/logi/kwiaciarnia', '--data', '/tmp/dane']);
    expect(held).toMatchObject({ corpus: path.resolve('/logi/kwiaciarnia'), dataDir: '/tmp/dane', heldOut: true });
    expect(evalArgs(['--data', '/tmp/dane', '/logi/kwiaciarnia', '--held-out']).corpus).toBe(path.resolve('/logi/kwiaciarnia'));
    expect(evalArgs(['/logi/kwiaciarnia']).heldOut).toBe(false);
  });

  it('marks another log given as held out, so the control asking its questions never prints them', () => {
    const args = ['/logi/kwiaciarnia', '--from', '/logi/piekarnia', '--from-held-out', '/logi/weterynarz', '--from', '/logi/kwiaciarnia'];
    const corpus = evalArgs(args).corpus;
    expect(corpus).toBe(path.resolve('/logi/kwiaciarnia'));
    // The measured log itself is no other log; the held-out one is marked.
    expect(otherLogs(args, corpus)).toEqual([
      { log: path.resolve('/logi/piekarnia'), heldOut: false },
      { log: path.resolve('/logi/weterynarz'), heldOut: true },
    ]);
  });
});

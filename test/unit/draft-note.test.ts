import { describe, expect, it } from 'vitest';
import { draftReplacedNote, type AnswerResult } from '../../src-shared/answer';

const result = (status: AnswerResult['status'], generator: 'extractive' | 'llama', outcome: AnswerResult['trace']['verification']['outcome'], called = true) =>
  ({ status, trace: { generation: { generator, called }, verification: { outcome } } }) as unknown as AnswerResult;

describe('note shown when a streamed draft is replaced', () => {
  it('says the unverified model text was replaced by "Nie wiem"', () => {
    expect(draftReplacedNote(result('unknown', 'llama', 'refused'))).toMatch(/nie przeszedł weryfikacji.*„Nie wiem”/);
  });
  it('says the first version was replaced by the verified answer of the broader retry', () => {
    expect(draftReplacedNote(result('answer', 'llama', 'retried-ok'))).toMatch(/zweryfikowaną odpowiedź z szerszego wyszukiwania/);
  });
  it('the model refusing by itself is named as such', () => {
    expect(draftReplacedNote(result('unknown', 'llama', 'skipped'))).toMatch(/nie podał odpowiedzi opartej na dokumentach/);
  });
  it('nothing to say when the draft stands, nothing streamed, or the extractive generator answered', () => {
    expect(draftReplacedNote(result('answer', 'llama', 'ok'))).toBeUndefined();
    expect(draftReplacedNote(result('unknown', 'llama', 'skipped', false))).toBeUndefined();
    expect(draftReplacedNote(result('unknown', 'extractive', 'refused'))).toBeUndefined();
  });
});

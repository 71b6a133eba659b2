/**
 * Whom a priced thing is for ("obcinanie pazurów **kotu**", asked-thing.ts `askedParticipant`), in a
 * decision that names it only in passing, must be named by the sentence that answers
 * (evidence-names.ts `aboutOtherTest`): "Obcinanie pazurów psa: 30 zł" is not the cats' price. A vet
 * clinic's log of the test's own.
 */
import { describe, expect, it } from 'vitest';
import { answerOverLog, decisionFile } from '../helpers/lexical-log';

const TODAY = '2026-11-30';
const dogs = decisionFile(
  '2026-03-03-01',
  'Cennik obcinania pazurów',
  ['## TL;DR', 'Obcinanie pazurów psa kosztuje 30 zł.', '', '## KONTEKST', 'Koty przyjmujemy w osobnej poczekalni, żeby nie stresowały się przy psach.'].join('\n'),
);
const cats = decisionFile(
  '2026-04-04-01',
  'Obcinanie pazurów kotów',
  ['## TL;DR', 'Od kwietnia obcinamy pazury kotom w gabinecie nr 2.', '', '## DECYZJA', '- Obcinanie pazurów: 25 zł.'].join('\n'),
);

describe('whom a priced thing is for', () => {
  it('is not answered by the price for another, in a decision naming it only in passing', async () => {
    expect(await answerOverLog({ 'a.md': dogs }, 'ile kosztuje obcinanie pazurów kotu?', TODAY)).toMatch(/^Nie wiem/u);
  });

  it('is answered by a decision about it, whose price line need not repeat it', async () => {
    expect(await answerOverLog({ 'a.md': dogs, 'b.md': cats }, 'ile kosztuje obcinanie pazurów kotu?', TODAY)).toContain('25 zł');
  });

  it('the price for the one a decision is about still answers', async () => {
    expect(await answerOverLog({ 'a.md': dogs }, 'ile kosztuje obcinanie pazurów psu?', TODAY)).toContain('30 zł');
  });
});

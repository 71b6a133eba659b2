/**
 * The near-miss generator's inputs read from a log on disk, in both file shapes of FORMAT.md: a
 * decision with front matter keeps its title in "tytul:", not in its text, and the title questions
 * (the base of most near misses) must still be asked by that title.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dayAfterNewest, loadNearMissInputs } from '../../src-main/core/eval/near-miss-io';
import { replacedTitleQuestions, titleQuestions } from '../../src-main/core/eval/near-miss';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-nm-io-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('near-miss inputs of a log on disk', () => {
  it('asks a front-matter decision by its title, as a "# Tytuł" one', async () => {
    fs.mkdirSync(path.join(dir, 'decyzje'));
    fs.writeFileSync(
      path.join(dir, 'decyzje', '2036-01-05-01-piec.md'),
      '---\nid: 2036-01-05-01\ndata: 2036-01-05\ntytul: Nowy piec do piekarni na Podgórzu\n---\n## TL;DR\nKupujemy piec Wiktoria za 42 000 zł.\n',
    );
    fs.writeFileSync(path.join(dir, 'decyzje', '2036-02-02-01-godziny.md'), '# Godziny sklepu na Kazimierzu\n\n## TL;DR\nSklep jest czynny od 7:00 do 18:00.\n');
    fs.writeFileSync(path.join(dir, 'golden.jsonl'), '{"q": "ile kosztował piec?", "expect": ["2036-01-05-01"], "kind": "semantic"}\n');
    const { decisions } = await loadNearMissInputs(dir);
    expect(titleQuestions(decisions).map((t) => t.q)).toEqual([
      'co ustaliliśmy w sprawie: Nowy piec do piekarni na Podgórzu?',
      'co ustaliliśmy w sprawie: Godziny sklepu na Kazimierzu?',
    ]);
    // The title is read with the text it heads (for the generator's co-occurrence checks), once.
    expect(decisions[0]!.text.match(/Nowy piec do piekarni/gu)).toHaveLength(1);
    expect(decisions[1]!.text.match(/Godziny sklepu na Kazimierzu/gu)).toHaveLength(1);
    // Questions without their own day are asked the day after the newest decision.
    expect(dayAfterNewest(decisions)).toBe('2036-02-03');
  });

  it('asks on the day after the newest decision, across a year', () => {
    expect(dayAfterNewest([{ id: '2036-12-31-01' }, { id: '2036-03-01-02' }])).toBe('2037-01-01');
    expect(dayAfterNewest([{ id: '2036-02-28-01' }])).toBe('2036-02-29');
  });

  it('asks each replaced decision’s subject now, answered by the last decision of its chain', () => {
    const decisions = [
      { id: '2036-01-05-01', text: 'Zadatek za torty: 30 zł\nBierzemy 30 zł zadatku.' },
      { id: '2036-04-01-01', text: 'Wyższy zadatek\nZadatek rośnie do 50 zł.', supersedes: '2036-01-05-01' },
      { id: '2036-09-01-01', text: 'Przedpłata zamiast zadatku\nBierzemy 20% przedpłaty.', supersedes: '2036-04-01-01' },
      { id: '2036-02-02-01', text: 'Godziny sklepu\nCzynne 7:00–18:00.' },
    ];
    expect(replacedTitleQuestions(decisions).map((t) => [t.q, t.expect])).toEqual([
      ['co teraz w sprawie: Zadatek za torty: 30 zł?', ['2036-09-01-01']],
      ['co teraz w sprawie: Wyższy zadatek?', ['2036-09-01-01']],
    ]);
    // A log without replacements gives none.
    expect(replacedTitleQuestions([decisions[3]!])).toEqual([]);
  });
});

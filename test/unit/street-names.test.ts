/**
 * A street's, an avenue's, a square's or an estate's name after its abbreviation ("ul.", "al.",
 * "pl.", "os.") is a name of the documents: the abbreviation's period ends no sentence
 * (query/names.ts). So a question typing it in lower case ("na jagiellońskiej") names it.
 */
import { describe, expect, it } from 'vitest';
import { buildNameLexicon } from '../../src-main/core/query/names';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';
import { analyzeQuery } from '../../src-main/core/query/analyze';

const bodies = [
  'Księgowość prowadzi biuro przy ul. Jagiellońskiej za 1100 zł netto.',
  'Drugi punkt otwieramy przy al. Kasztanowej, a magazyn na os. Tysiąclecia.',
  'Koniec roku zamykamy w grudniu. Nowe zasady obowiązują od stycznia.',
  'Kwiaty kupujemy na pl. Targowym w każdy wtorek.',
];
const names = buildNameLexicon(bodies);
const isName = (word: string) => names.isName(analyzeWord(word) ?? '');

describe('names after a place abbreviation', () => {
  it.each(['Jagiellońskiej', 'Kasztanowej', 'Tysiąclecia', 'Targowym'])('%s is a name', (word) => {
    expect(isName(word)).toBe(true);
  });

  it('a capital after a sentence-ending period is still no name', () => {
    expect(isName('Nowe')).toBe(false);
  });

  it('a lower-case street in a question is a name the source must carry', () => {
    const counts = (t: string) => bodies.filter((b) => b.toLowerCase().includes(t.slice(0, 5))).length;
    const a = analyzeQuery('kto prowadzi księgowość na jagiellońskiej?', { today: '2026-11-30', names, documentFrequency: counts });
    expect(a.entities).toContain('Jagiellońskiej');
  });
});

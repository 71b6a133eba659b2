/**
 * "ile nas w końcu kosztował remont pieca?" asks what the matter came to: the later decision that
 * settles it answers, not the one that planned it. Only with an adverb of actuality, only a later
 * decision whose title shares a word of the question with the planning one. A bakery of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';

const plan = decisionFragments('2026-03-02-01', [['TL;DR', 'Remont pieca: firma Termopiec, umowa na 12 000 zł brutto.']], { title: 'Remont pieca w piekarni', date: '2026-03-02' });
const settled = decisionFragments('2026-05-04-01', [['TL;DR', 'Za remont pieca płacimy w sumie 13 100 zł brutto, o 1 100 zł więcej niż w umowie.']], {
  title: 'Odbiór remontu pieca i rozliczenie',
  date: '2026-05-04',
});
const aprons = decisionFragments('2026-06-01-01', [['TL;DR', 'Nowe fartuchy dla zespołu kosztują 900 zł.']], { title: 'Fartuchy', date: '2026-06-01' });
const chosen = (q: string, pool = [...plan, ...settled, ...aprons]) => planFragments(q, pool).chosen.map((c) => c.source.decisionId);

describe('a question of what a matter came to', () => {
  it('is answered by the later decision that settles it', () => {
    for (const q of ['ile nas w końcu kosztował remont pieca?', 'ile ostatecznie zapłaciliśmy za remont pieca?', 'ile faktycznie wyniósł remont pieca?'])
      expect(chosen(q), q).toEqual(['2026-05-04-01']);
  });

  it('keeps the best-ranked decision without an adverb of actuality, or with no later decision on the matter', () => {
    expect(chosen('ile kosztował remont pieca?')).toEqual(['2026-03-02-01']);
    expect(chosen('ile nas w końcu kosztował remont pieca?', [...plan, ...aprons])).toEqual(['2026-03-02-01']);
  });
});

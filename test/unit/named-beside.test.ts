/**
 * "ile zarabia Marlena?": a question that names only whom it asks about and expects a typed answer
 * is answered by a sentence naming them beside such an answer, however the rest is worded — the
 * model's similarity gate does not hold it back. A bakery of the tests' own; the similarity is
 * held at a low value the gate refuses, as a model gives it to a sentence worded otherwise.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { planAtSimilarity } from '../helpers/evidence';

const hire = decisionFragments('2026-06-17-01', [
  ['TL;DR', 'Od 1 lipca w piekarni pracuje piekarka Marlena Kubiak, na umowę o pracę na pełen etat za 5300 zł brutto.'],
  ['DLACZEGO', 'Marlena piekła wcześniej w cukierni na Rynku i zna się na drożdżowym.'],
]);
const bonus = decisionFragments('2026-07-01-01', [['TL;DR', 'Premię 400 zł za lipiec dostaje Bartek; Zosia przejmuje od niego zamówienia mąki.']]);
const fragments = [...hire, ...bonus];
const plan = (q: string) => planAtSimilarity(q, fragments, 0.79);

describe('a question naming only whom it asks about', () => {
  it('is answered by a sentence naming them beside an answer of the asked type', () => {
    const p = plan('ile zarabia marlena?');
    expect(p.refused).toBe(false);
    expect(p.chosen[0]?.source.decisionId).toBe('2026-06-17-01');
  });

  it('is not answered when the name stands beside no such answer, or the question asks more than the name', () => {
    // Zosia is named, but beside Bartek's bonus: no sum of hers.
    expect(plan('ile zarabia zosia?').refused).toBe(true);
    // "w cukierni" asks more than the name: the gate weighs it.
    expect(plan('ile zarabia marlena w cukierni?').refused).toBe(true);
  });
});

describe('a decision whose subject the name is', () => {
  const hireKasia = decisionFragments('2026-04-13-01', [
    ['TL;DR', 'Zatrudniamy Kasię Nowak jako sprzedawczynię w sklepie przy Balickiej od 1 maja.'],
    ['DECYZJA', '- Wynagrodzenie: 4700 zł brutto miesięcznie, umowa na okres próbny.\n- Kasia pracuje od wtorku do soboty.'],
  ]);
  const insurance = decisionFragments('2026-09-14-01', [
    ['TL;DR', 'Od października ubezpieczamy piekarnię w TU Horyzont.'],
    ['DECYZJA', '- Składka łącznie 3400 zł rocznie.\n- Tomek i Ewa mają własne polisy jako przedsiębiorcy.'],
  ]);
  const pool = [...hireKasia, ...insurance];
  const ask = (q: string) => planAtSimilarity(q, pool, 0.79);

  it('answers with its statement of the asked type, though the sentence does not repeat the name', () => {
    const p = ask('ile zarabia kasia?');
    expect(p.refused).toBe(false);
    expect(p.chosen[0]?.best?.text).toMatch(/4700 zł/u);
  });

  it('is not made by a name in one bullet: the decision is about something else', () => {
    expect(ask('ile zarabia ewa?').refused).toBe(true);
    expect(ask('ile zarabia tomek?').refused).toBe(true);
  });
});

/**
 * "czemu …?" is answered by the reasons a decision gives (DLACZEGO, UZASADNIENIE), before its
 * background (KONTEKST, TŁO), which tells the situation and often shares more of the question's
 * words. A bakery of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';

const second = decisionFragments('2026-05-11-01', [
  ['TŁO', 'Na Kazimierzu zwolnił się lokal po kwiaciarni i sąsiedzi od dawna pytają o drugą piekarnię na Kazimierzu.'],
  ['DECYZJA', 'Nie otwieramy drugiego punktu w tym roku.'],
  ['UZASADNIENIE', '- Lokal nie ma zaplecza na piec.\n- Nie mamy drugiego piekarza na nocną zmianę.'],
]);
const noReasons = decisionFragments('2026-06-01-01', [
  ['KONTEKST', 'Klienci skarżyli się, że w soboty po dziewiątej brakuje bułek.'],
  ['DECYZJA', 'Od czerwca w soboty pieczemy drugą partię bułek na dziewiątą.'],
]);

const section = (q: string, pool: ReturnType<typeof decisionFragments>) => planFragments(q, pool).chosen[0]?.best?.fragment.metadata.section;

describe('the section a reason comes from', () => {
  it('is a section of reasons when the decision has one', () => {
    expect(section('czemu nie otworzyliśmy drugiej piekarni na Kazimierzu?', second)).toBe('UZASADNIENIE');
    expect(section('dlaczego odpuściliśmy lokal na Kazimierzu?', second)).toBe('UZASADNIENIE');
  });

  it('is read from the start of a heading that qualifies its kind ("Dlaczego nie", "Kontekst sprawy")', () => {
    const cafe = decisionFragments('2026-05-20-01', [
      ['Kontekst sprawy', 'Klienci czasem pytają, czy mogliby zjeść u nas śniadanie na Kazimierzu.'],
      ['Dlaczego nie', '- Na Kazimierzu nie ma miejsca na stoliki.\n- Nie mamy kuchni.'],
      ['Co robimy zamiast', '- Polecamy kawiarnię obok.'],
    ]);
    expect(section('czemu nie podajemy śniadań na Kazimierzu?', cafe)).toBe('Dlaczego nie');
    expect(section('dlaczego klienci nie zjedzą u nas śniadania?', cafe)).toBe('Dlaczego nie');
  });

  it('is the background when the decision gives no reasons of its own', () => {
    expect(section('dlaczego w soboty pieczemy drugą partię bułek?', noReasons)).toBe('KONTEKST');
  });

  it('is the first reason the section gives, not the one repeating a word of the question', () => {
    const best = planFragments('czemu nie otworzyliśmy drugiego punktu na Kazimierzu?', second).chosen[0]?.best?.text;
    expect(best).toMatch(/zaplecza na piec/u);
  });
});

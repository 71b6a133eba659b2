/**
 * A decision that replaces another may name its matter with a new word ("dowóz" of the first
 * delivery fees, "dostawa" of the later ones): a price question using the old word is answered by
 * the replacing decisions, back along the chain, but never by a decision re-pricing another item
 * the old one priced beside it. A mobile dog groomer's log of the tests' own, ingested into a real
 * lexical index (no model).
 */
import { describe, expect, it } from 'vitest';
import { answerOverLog, tldrDecision } from '../helpers/lexical-log';
import { inheritsThing } from '../../src-main/core/answer/asked-thing';
import type { FocusConstraint } from '../../src-shared/query';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';
import { termMatcher } from '../../src-main/core/answer/text';

const NIE_WIEM = 'Nie wiem: w bazie decyzji nie ma odpowiedzi na to pytanie.';

const LOG: Record<string, string> = {
  '2031-01-12-01-dojazdy.md': tldrDecision(
    '2031-01-12-01',
    'Dojazdy do klientów',
    'Dojeżdżamy do klientów z salonem w busie. Dojazd liczymy według strefy: w granicach Gdyni 30 zł, do Rumi i Redy 50 zł.',
  ),
  '2031-06-01-01-wyjazdy.md': tldrDecision(
    '2031-06-01-01',
    'Nowe stawki za wyjazd busem',
    'Od czerwca wyjazd busem w granicach Gdyni kosztuje 40 zł, do Rumi i Redy 65 zł.',
    '2031-01-12-01',
  ),
  '2031-10-01-01-wyjazdy.md': tldrDecision(
    '2031-10-01-01',
    'Wyjazdy od października',
    'Od października wyjazd busem do Rumi i Redy kosztuje 70 zł, w granicach Gdyni bez zmian.',
    '2031-06-01-01',
  ),
  '2031-02-03-01-cennik.md': tldrDecision('2031-02-03-01', 'Cennik strzyżenia', 'Strzyżenie psa małej rasy kosztuje 120 zł, a kąpiel psa 60 zł.'),
  '2031-07-01-01-strzyzenie.md': tldrDecision('2031-07-01-01', 'Strzyżenie drożeje', 'Od lipca strzyżenie psa małej rasy kosztuje 140 zł.', '2031-02-03-01'),
  '2031-03-01-01-targi.md': tldrDecision('2031-03-01-01', 'Wyjazd na targi', 'Na targi groomerskie w Poznaniu jedziemy busem, nocleg kosztuje 400 zł.'),
};

const ask = (question: string) => answerOverLog(LOG, question, '2031-11-20');

describe('a price asked by the word of a decision the answering one replaced', () => {
  it('is answered by the last decision of the chain, two replacements after the word was used', async () => {
    const answer = await ask('ile teraz kosztuje dojazd do Rumi?');
    expect(answer).toContain('70 zł');
    expect(answer).toContain('(2031-10-01-01)');
  });

  it('is answered for a past month by the decision then in force, which never used the word', async () => {
    const answer = await ask('ile kosztował dojazd do Redy w lipcu?');
    expect(answer).toContain('65 zł');
    expect(answer).toContain('(2031-06-01-01)');
  });

  it('is not answered by a decision re-pricing another item the replaced one priced beside it', async () => {
    for (const question of ['ile kosztuje kąpiel?', 'ile teraz kosztuje kąpiel psa?']) expect(await ask(question)).not.toContain('140 zł');
  });

  it('is not answered by a decision using the new word that replaces nothing', async () => {
    expect(await ask('ile kosztuje dojazd na targi?')).toBe(NIE_WIEM);
  });
});

describe('inheritsThing', () => {
  const head = (text: string): FocusConstraint => ({ kind: 'attribute', text, term: analyzeWord(text)!, priced: true });
  const terms = (text: string) => [analyzeWord(text)!];
  const of = (text: string, replaced: string, own = '') => inheritsThing(head(text), terms(text), termMatcher(own), () => replaced);

  it('holds when the replaced decisions name the thing as their matter, with no price in its clause', () => {
    expect(of('dowóz', 'Dowozimy kwiaty w trzech strefach: strefa I za 20 zł, strefa II za 35 zł.')).toBe(true);
    expect(of('dojazd', 'Opłatę za dojazd liczyliśmy według kilometrów. Strefa I: 20 zł.')).toBe(true);
  });

  it('fails when they price the thing on its own, when they never name it, or when the source names it itself', () => {
    expect(of('kąpiel', 'Strzyżenie kosztuje 120 zł, a kąpiel 60 zł.')).toBe(false);
    expect(of('dojazd', 'Dojazd w granicach miasta kosztuje 30 zł.')).toBe(false);
    expect(of('dojazd', 'Strefa I: 20 zł, strefa II: 35 zł.')).toBe(false);
    expect(of('dojazd', '')).toBe(false);
    expect(of('dowóz', 'Dowozimy kwiaty w trzech strefach.', 'Opłata za dowóz: 25 zł.')).toBe(false);
  });

  it('holds for a lead-in whose next line prices, and fails for a thing named in passing', () => {
    expect(of('dojazd', 'Dojazd liczymy według stref:\n- strefa I: 20 zł,\n- strefa II: 35 zł.')).toBe(true);
    expect(of('młynek', 'Kawa z palarni Mokka\nMieszanka kosztuje 92 zł/kg.\nPierwsza dostawa 20 stycznia; Kamila ustawia młynek pod nowe ziarno.')).toBe(false);
    expect(of('dojazd', 'Nowe auto\nKupujemy kombi za 80 000 zł.\nAuto posłuży też na dojazd do klientów.')).toBe(false);
    // After the prices of its line, in a sentence of its own: named in passing too.
    expect(of('kąpiel', 'Strzyżenie psa kosztuje 120 zł. Do strzyżenia można dobrać kąpiel.')).toBe(false);
    expect(of('kąpiel', '- Strzyżenie psa: 120 zł.\n- Do strzyżenia można dokupić kąpiel.\n- Klienci stali dostają smycz gratis.')).toBe(false);
    expect(of('dojazd', 'Dojazd liczymy według stref. Strefa I: 20 zł, strefa II: 35 zł.')).toBe(true);
  });

  it('fails for a thing named after the price of its own sentence: what the price includes', () => {
    expect(of('kurtka', '- KRA-20: 3900 zł; w cenie 20 godzin jazd, wykłady oraz wypożyczenie kasku, kurtki i rękawic.')).toBe(false);
    expect(of('kask', 'Kurs kosztuje 3900 zł, a kask dostaje każdy kursant.')).toBe(false);
    // Named before the prices of its line, which price it.
    expect(of('kurtka', '- Wypożyczenie kasku, kurtki i rękawic: 300 zł za sezon.')).toBe(true);
  });

  it('fails for a thing asked by "jaki", which is not priced', () => {
    expect(
      inheritsThing(
        { kind: 'attribute', text: 'program', term: analyzeWord('program')!, head: true },
        terms('program'),
        () => false,
        () => 'Program wybierzemy w maju.',
      ),
    ).toBe(false);
  });
});

/**
 * "jaką kaucję…?", "jaki regulamin…?": of a decision's sentences, one that names the kind asked
 * answers, not the headline about the whole matter; and one given only for something else the log
 * names does not answer about the thing asked. A kayak rental, a co-working space, a guesthouse.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { checkFragments } from '../helpers/evidence';
import { buildNameLexicon } from '../../src-main/core/query/names';

const KAYAKS = decisionFragments('2026-04-13-01', [
  ['TL;DR', 'Od maja wypożyczamy kajaki dwuosobowe na spływy po Krutyni: 120 zł za dzień.'],
  ['DECYZJA', 'Kajak wydajemy po okazaniu dowodu. Kaucja zwrotna 200 zł na ewentualne szkody. Wiosła i kamizelki są w cenie.'],
]);
const DESKS = decisionFragments('2026-02-02-01', [
  ['TL;DR', 'Wynajmujemy cztery biurka w coworkingu przy Piotrkowskiej.'],
  ['DECYZJA', 'Umowa na rok, wypowiedzenie miesięczne. Biurka stoją przy oknie.'],
]);

const best = (question: string, fragments = KAYAKS) => checkFragments(question, fragments)[0]!.best?.text;

describe('the sentence that answers "jaki X"', () => {
  it('names X when one of the decision’s sentences does', () => {
    expect(best('jaką kaucję zostawia ktoś, kto wypożycza kajak?')).toBe('Kaucja zwrotna 200 zł na ewentualne szkody.');
    expect(best('jaką umowę mamy na biurka w coworkingu?', DESKS)).toBe('Umowa na rok, wypowiedzenie miesięczne.');
  });

  it('is chosen as before when no sentence names X, or no kind is asked', () => {
    expect(best('co jest w cenie wypożyczenia kajaka?')).toBeDefined();
    expect(best('ile kosztuje kajak na dzień?')).toBe('Od maja wypożyczamy kajaki dwuosobowe na spływy po Krutyni: 120 zł za dzień.');
  });
});

describe('a kind given only for something else', () => {
  const STORAGE = decisionFragments('2026-11-16-01', [
    ['TL;DR', 'Na 2027 rok jedyna większa inwestycja to magazyn energii do fotowoltaiki.'],
    ['DECYZJA', 'Magazyn energii 10 kWh montujemy w Domu Głównym, budżet 28 000 zł. W Chacie pod Lasem wymieniamy tylko okna.'],
  ]);
  const BOTH = decisionFragments('2026-11-17-01', [['TL;DR', 'Drugi magazyn energii, 5 kWh, stawiamy przy Chacie pod Lasem.']]);
  const names = buildNameLexicon([...STORAGE, ...BOTH].map((f) => f.body));
  const best = (question: string, fragments = STORAGE) => checkFragments(question, fragments, { names })[0]!.best?.text;

  it('does not answer about the thing asked', () => {
    expect(best('jaki magazyn energii stawiamy przy chacie?')).toBeUndefined();
  });

  it('answers about the thing it is given for, with no name asked, or where a sentence gives it for the thing asked', () => {
    expect(best('jaki magazyn energii stawiamy w domu głównym?')).toBe('Magazyn energii 10 kWh montujemy w Domu Głównym, budżet 28 000 zł.');
    expect(best('jaki magazyn energii kupujemy?')).toBeDefined();
    expect(best('jaki magazyn energii stawiamy przy chacie?', BOTH)).toBe('Drugi magazyn energii, 5 kWh, stawiamy przy Chacie pod Lasem.');
  });
});

describe('a kind in a decision titled by the name asked', () => {
  const lease = (title: string) =>
    decisionFragments(
      '2026-03-23-01',
      [
        ['TL;DR', 'Podpisujemy nową umowę najmu lokalu w Chacie pod Lasem na trzy lata.'],
        ['KONTEKST', 'Właścicielka, pani Grażyna Kowalewska, chciała podnieść czynsz z 3300 do 3600 zł.'],
        ['DECYZJA', 'Czynsz wynosi 3450 zł netto miesięcznie.'],
      ],
      { title },
    );
  const OTHER = decisionFragments('2026-01-10-01', [['TL;DR', 'Chata pod Lasem dostaje nowe okna.']]);
  const best = (fragments: ReturnType<typeof lease>) =>
    checkFragments('jaki czynsz płacimy za lokal w chacie pod lasem?', fragments, { names: buildNameLexicon([...fragments, ...OTHER].map((f) => f.body)) })[0]!.best?.text;

  it('is about that name, though a sentence with the kind names someone else', () => {
    expect(best(lease('Najem lokalu w Chacie'))).toBe('Czynsz wynosi 3450 zł netto miesięcznie.');
  });

  it('is given for someone else when the title names no name asked', () => {
    expect(best(lease('Nowa umowa najmu'))).toBeUndefined();
  });
});

describe('a kind named with the thing’s own name', () => {
  // A brewery of the tests' own: the kettle's sentence names its model, the place is in the next one,
  // and another sentence names the firm that services it.
  const KETTLE = decisionFragments('2026-05-04-01', [
    ['TL;DR', 'Kupujemy drugi kocioł warzelny Brauhaus K-300 za 120 000 zł, w leasingu na 48 miesięcy. Montaż w Tyńcu w czerwcu.'],
    ['DECYZJA', 'Kocioł trafia do umowy serwisowej Termo-Serwisu.'],
  ]);
  const STORE = decisionFragments('2026-06-01-01', [['TL;DR', 'Kocioł zapasowy stawiamy w Skawinie. W Tyńcu zostaje tylko chłodnia.']]);
  const names = buildNameLexicon([...KETTLE, ...STORE].map((f) => f.body));
  const best = (question: string, fragments = KETTLE) => checkFragments(question, fragments, { names })[0]!.best?.text;

  it('is given for what the decision is about, whatever else its other sentences name', () => {
    expect(best('jaki kocioł kupiliśmy do tyńca?')).toMatch(/Brauhaus K-300/u);
  });

  it('is still given for something else when no sentence names the thing after the kind', () => {
    expect(best('jaki kocioł stawiamy w tyńcu?', STORE)).toBeUndefined();
  });
});

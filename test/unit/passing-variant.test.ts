/**
 * A variant a decision names only in passing: the words that mark the variant asked stand only in
 * its sentences with no amount, so its amounts are of another variant. A bakery and a copy shop.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';
import { askedMarkers, passingVariantTest } from '../../src-main/core/answer/passing-variant';
import { gatherSources } from '../../src-main/core/answer/sources';
import type { Fragment } from '../../src-shared/types';
import { buildNameLexicon } from '../../src-main/core/query/names';

/** Whether the test calls each sentence of the fragments' one decision an amount of another variant, in order. */
const verdicts = (q: string, fragments: Fragment[], units: string[]) => {
  const by = (d: string) => fragments.filter((f) => f.metadata.docId === d);
  const test = passingVariantTest(analysisOf(q))(gatherSources(fragments, by, 5)[0]!);
  return units.map((text) => test({ text, fragment: fragments.find((f) => f.body.includes(text))! }));
};

const bread = decisionFragments(
  '2026-05-04-01',
  [
    ['TL;DR', 'Od maja chleb żytni na zakwasie kosztuje 14 zł za bochenek.'],
    ['DECYZJA', '- Chleb żytni: 14 zł za bochenek 800 g.\n- Chleb bezglutenowy nadal tylko na zamówienie, cenę ustalamy przy odbiorze.'],
  ],
  { title: 'Nowa cena chleba żytniego' },
);
const binding = decisionFragments(
  '2026-08-19-01',
  [
    ['TL;DR', 'Od września oprawa pracy dyplomowej w twardej okładce kosztuje 45 zł za egzemplarz.'],
    ['DECYZJA', '- Realizacja 24 godziny.\n- Miękka oprawa bez zmian.\n- Dla studentów z legitymacją nie robimy wyjątków.'],
  ],
  { title: 'Oprawa prac dyplomowych' },
);

describe('a variant named only in passing', () => {
  it.each([
    ['ile kosztuje chleb bezglutenowy?', bread],
    ['ile kosztuje miękka oprawa pracy dyplomowej?', binding],
    ['ile kosztuje oprawa pracy dla studentów z legitymacją?', binding],
  ])('refuses %s: the amounts are of another variant', (q, fragments) => {
    expect(planFragments(q, fragments).refused).toBe(true);
  });

  it.each([
    ['ile kosztuje chleb żytni?', bread],
    ['ile kosztuje oprawa pracy dyplomowej w twardej okładce?', binding],
    ['ile kosztuje oprawa pracy dyplomowej?', binding],
  ])('answers %s: a sentence with the amount marks it, or nothing is marked', (q, fragments) => {
    expect(planFragments(q, fragments).refused).toBe(false);
  });

  it("reads a verbal noun's genitive object as its mark, no other noun's complement", () => {
    const windows = decisionFragments(
      '2026-03-02-01',
      [
        ['TL;DR', 'Mycie okien w biurze zlecamy firmie Przejrzyście za 400 zł miesięcznie.'],
        ['DECYZJA', '- Mycie witryn od strony ulicy też robią, po wcześniejszym zgłoszeniu.\n- Termin ustalamy mailowo.'],
      ],
      { title: 'Mycie okien' },
    );
    expect(planFragments('ile kosztuje mycie witryn?', windows).refused).toBe(true);
    expect(planFragments('ile płacimy za mycie okien?', windows).refused).toBe(false);
    expect(planFragments('ile kosztuje mycie?', windows).refused).toBe(false);
    // The object left unsaid by the price, or written without the action: no other variant named.
    const unsaid = decisionFragments('2026-03-03-01', [['TL;DR', 'Mycie zlecamy firmie Przejrzyście za 400 zł miesięcznie.\nWitryny od ulicy są brudne po zimie.']], {
      title: 'Mycie',
    });
    expect(planFragments('ile kosztuje mycie okien?', unsaid).refused).toBe(false);
    expect(planFragments('ile kosztuje mycie witryn?', unsaid).refused).toBe(false);
    const hall = decisionFragments('2026-04-14-01', [['TL;DR', 'Wynajem na jeden wieczór kosztuje 900 zł.\nSala mieści 40 osób przy stołach.']], { title: 'Wynajem' });
    expect(planFragments('ile kosztuje wynajem sali?', hall).refused).toBe(false);
  });

  it('reads only the marks of the thing priced, not of another noun of the question', () => {
    const tickets = decisionFragments('2026-05-18-01', [['TL;DR', 'Bilet na wieczór góralski kosztuje 120 zł od osoby.\nGoście pytają też o karczmy z muzyką na żywo.']], {
      title: 'Wieczory góralskie',
    });
    expect(planFragments('ile kosztuje bilet na wieczór z muzyką na żywo?', tickets).refused).toBe(false);
    const rent = decisionFragments('2026-07-06-01', [['TL;DR', 'Od sierpnia czynsz za lokal wynosi 8300 zł.\nSierpniowa podwyżka wynika z waloryzacji.']], {
      title: 'Czynsz za lokal',
    });
    expect(planFragments('ile płacimy czynszu za lokal po sierpniowej podwyżce?', rent).refused).toBe(false);
    // A name is the name checks' to read.
    const shop = decisionFragments(
      '2026-01-30-01',
      [['TL;DR', 'Wynajmujemy lokal na Krzykach od spółki Ślężna.\nNowy sklep otwieramy w marcu.\nCzynsz wynosi 7800 zł miesięcznie.']],
      { title: 'Najem lokalu' },
    );
    expect(planFragments('ile płacimy za lokal na Krzykach?', shop).refused).toBe(false);
    // Nor where the question asked of a linked decision no longer holds the name as a constraint (history-chain.ts `askedOfLinked`).
    const a = analysisOf('ile płacimy za lokal na Krzykach?');
    expect(askedMarkers(a, ['lokal'])).toEqual([]);
    expect(askedMarkers({ ...a, focus: a.focus.filter((f) => f.kind !== 'entity') }, ['lokal'])).toEqual([]);
    expect(askedMarkers(analysisOf('ile płacimy za lokal z witryną?'), ['lokal'])).toEqual(['witryną']);
    // Whom the thing is for is read from its own "dla", not from a later one of another clause.
    expect(askedMarkers(analysisOf('ile kosztuje oprawa dla studentów, którą robimy też dla firm?'), ['oprawa'])).toEqual(['studentów']);
    expect(askedMarkers(analysisOf('ile kosztuje oprawa dla studentów?'), ['oprawa'])).toEqual(['studentów']);
    // "dla" far from the thing says whom something else is for.
    expect(planFragments('ile kosztuje oprawa pracy dyplomowej, którą robimy też dla studentów?', binding).refused).toBe(false);
  });

  it('reads no mark from an object the question names by a name after it ("budżet na reklamy w Google")', () => {
    const ads = decisionFragments(
      '2026-07-15-01',
      [
        ['TL;DR', 'Od sierpnia podnosimy budżet Google Ads do 2200 zł netto miesięcznie.'],
        ['KONTEKST', 'Z arkusza wynika, że reklamy przyniosły od marca około 90 zleceń.'],
        ['DECYZJA', '- Budżet: 2200 zł netto miesięcznie od 1 sierpnia.'],
      ],
      { title: 'Budżet Google Ads' },
    );
    const names = buildNameLexicon(ads.map((f) => f.body));
    const named = analysisOf('jaki mamy budżet na reklamy w google?', { names });
    expect(askedMarkers(named, ['budżet'])).toEqual([]);
    expect(planFragments('jaki mamy budżet na reklamy w google?', ads, { names }).refused).toBe(false);
    // Negatives: without the name the object marks the budget asked, which the decision names only in its background.
    expect(askedMarkers(analysisOf('jaki mamy budżet na reklamy?', { names }), ['budżet'])).toEqual(['reklamy']);
    expect(planFragments('jaki mamy budżet na reklamy?', ads, { names }).refused).toBe(true);
    // A name of no object ("w Tychach" after the budget) leaves the object a mark.
    expect(askedMarkers(analysisOf('jaki mamy budżet na reklamy lokalne w tychach?', { names }), ['budżet'])).toContain('reklamy');
  });

  it('refuses the amounts of a source that never writes a mark of the thing the documents write elsewhere', () => {
    const rental = decisionFragments('2026-06-10-01', [['TL;DR', 'Wypożyczenie roweru miejskiego kosztuje 18 zł za godzinę.']], { title: 'Nowe ceny wypożyczalni' });
    const kids = decisionFragments('2026-05-13-01', [['TL;DR', 'W sobotę sprawdzamy rowery dla dzieci przed sklepem.']], { title: 'Dzień rowerowy' });
    const p = planFragments('ile kosztuje wypożyczenie roweru dla dziecka?', [...rental, ...kids]);
    expect(p.refused).toBe(true);
    // The documents never write the mark: the user's own wording, left to the other checks.
    expect(planFragments('ile kosztuje wypożyczenie roweru dla dziecka?', rental, { documentFrequency: (t) => (t === 'dziecko' ? 0 : 1) }).refused).toBe(false);
  });

  it('reads a phrase of "o" after the thing as its mark: what kind of contract, of request it is', () => {
    // "umowa o dzieło", "umowa o pracę": "o" after a noun says what the thing is about, its kind.
    expect(new Set(askedMarkers(analysisOf('ile bierzemy za obsługę umów o dzieło?'), ['obsługę', 'umów']))).toEqual(new Set(['dzieło']));
    const payroll = decisionFragments('2026-03-02-01', [['TL;DR', 'Obsługa umów o pracę kosztuje 60 zł miesięcznie za pracownika.']], { title: 'Cennik kadr' });
    const it = decisionFragments('2026-09-14-01', [['TL;DR', 'Obsługę informatyczną biura przejmuje Bajtnet za 520 zł netto miesięcznie.']], { title: 'Obsługa informatyczna' });
    const contracts = decisionFragments('2026-04-20-01', [['TL;DR', 'Umowy o dzieło klientów sprawdza Ewa; wzór umowy jest w folderze kadr.']], { title: 'Wzory umów' });
    const all = [...payroll, ...it, ...contracts];
    expect(planFragments('ile bierzemy za obsługę umów o dzieło?', all).refused).toBe(true);
    expect(planFragments('ile bierzemy za obsługę umów o pracę?', all).refused).toBe(false);
  });

  it('reads a size the source writes by measure as possibly the one asked, and no other mark so', () => {
    const rims = decisionFragments('2026-01-12-01', [['TL;DR', 'Wymiana opon na felgach do 16 cali kosztuje 120 zł, a na felgach 17–18 cali 150 zł.']], {
      title: 'Cennik wymiany opon',
    });
    const yard = decisionFragments('2026-03-02-01', [['TL;DR', 'Na małym placu stoją kontenery z oponami z kolcami.']], { title: 'Plac' });
    const flat = decisionFragments('2026-01-12-01', [['TL;DR', 'Wymiana opon kosztuje 120 zł za komplet.']], { title: 'Cennik wymiany opon' });
    // "małe" is a size, which the price list writes in inches.
    expect(planFragments('ile kosztuje wymiana opon na małych felgach?', [...rims, ...yard]).refused).toBe(false);
    // A price list stating no measure does not say which size it prices.
    expect(planFragments('ile kosztuje wymiana opon na małych felgach?', [...flat, ...yard]).refused).toBe(true);
    // A mark of another kind the documents write elsewhere is still one this source lacks.
    expect(planFragments('ile kosztuje wymiana opon z kolcami?', [...rims, ...yard]).refused).toBe(true);
  });

  it('answers where the decision names the variant before its first amount', () => {
    const introduced = decisionFragments('2026-06-01-01', [['TL;DR', 'Wprowadzamy chleb bezglutenowy. Bochenek 500 g kosztuje 19 zł.']], { title: 'Nowy chleb w ofercie' });
    expect(planFragments('ile kosztuje chleb bezglutenowy?', introduced).refused).toBe(false);
    const sections = decisionFragments(
      '2026-06-01-01',
      [
        ['TL;DR', 'Od czerwca pieczemy też chleb bezglutenowy.'],
        ['DECYZJA', '- Bochenek 500 g: 19 zł.'],
      ],
      { title: 'Nowy chleb w ofercie' },
    );
    expect(planFragments('ile kosztuje chleb bezglutenowy?', sections).refused).toBe(false);
    // Named after the first amount: in passing.
    const after = decisionFragments('2026-06-01-01', [['TL;DR', 'Bochenek 500 g kosztuje 19 zł.\nChleb bezglutenowy pieczemy tylko na zamówienie.']], {
      title: 'Nowy chleb w ofercie',
    });
    expect(planFragments('ile kosztuje chleb bezglutenowy?', after).refused).toBe(true);
  });

  it('reads no comparative as a mark: it sets the thing against another, which documents write by size', () => {
    expect(askedMarkers(analysisOf('ile kosztuje większy chleb?'), ['chleb'])).toEqual([]);
    expect(askedMarkers(analysisOf('ile kosztuje ten tańszy chleb?'), ['chleb'])).toEqual([]);
    expect(askedMarkers(analysisOf('ile kosztuje żytni chleb?'), ['chleb'])).toEqual(['żytni']);
    const loaves = decisionFragments('2026-05-04-01', [['TL;DR', 'Chleb pszenny: bochenek 500 g za 9 zł, bochenek 1 kg za 16 zł.']], { title: 'Cennik chleba' });
    expect(planFragments('ile kosztuje ten większy chleb?', loaves).refused).toBe(false);
  });

  it('answers where the title marks the variant', () => {
    const titled = decisionFragments('2026-06-01-01', [['TL;DR', 'Bochenek 500 g kosztuje 19 zł.\nChleb bezglutenowy pieczemy we wtorki.']], {
      title: 'Chleb bezglutenowy w ofercie',
    });
    expect(planFragments('ile kosztuje chleb bezglutenowy?', titled).refused).toBe(false);
  });

  it('reads no amount as another variant’s where a sentence with an amount marks the one asked', () => {
    const both = decisionFragments('2026-06-01-01', [['TL;DR', 'Bułki: 1 zł za sztukę.\nChleb bezglutenowy: 19 zł.\nChleb bezglutenowy pieczemy we wtorki.']], {
      title: 'Pieczywo',
    });
    expect(verdicts('ile kosztuje chleb bezglutenowy?', both, ['Chleb bezglutenowy: 19 zł.', 'Bułki: 1 zł za sztukę.'])).toEqual([false, false]);
    const passing = decisionFragments('2026-06-01-01', [['TL;DR', 'Chleb żytni: 14 zł.\nBułki: 1 zł za sztukę.\nChleb bezglutenowy pieczemy we wtorki.']], { title: 'Pieczywo' });
    expect(verdicts('ile kosztuje chleb bezglutenowy?', passing, ['Chleb żytni: 14 zł.', 'Bułki: 1 zł za sztukę.'])).toEqual([true, true]);
  });
});

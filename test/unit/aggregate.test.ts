/**
 * Lists and sums over several decisions (answer/aggregate.ts): which questions ask for several
 * decisions or a total, how the pool is widened, which decisions a list names and how a sum
 * cites every addend. Questions and decisions written for these tests (a bakery, a bike repair
 * shop, a small law office — none from the golden files), with negatives for every cue: single-
 * fact questions that must not become lists or sums.
 */
import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src-shared/types';
import {
  LIST_POOL,
  MAX_LIST_ITEMS,
  addendOf,
  adjunctTerms,
  asksForReplacements,
  replacementSources,
  composeSeveral,
  listItems,
  poolSettings,
  statedCount,
  statementCoverage,
} from '../../src-main/core/answer/aggregate';
import { checkSources, planEvidence } from '../../src-main/core/answer/evidence';
import { namesNewParty } from '../../src-main/core/answer/replacements';
import { composeFromPlan } from '../../src-main/core/answer/extractive';
import { gatherSources } from '../../src-main/core/answer/sources';
import { compressFragments } from '../../src-main/core/answer/compress';
import { verifyAnswer } from '../../src-main/core/answer/verify';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { chunkMetadata, decisionFragments } from '../helpers/chunks';
import { analysisOf, checkFragments, planFragments } from '../helpers/evidence';
import { pairItems } from '../../src-main/core/answer/pair-items';

const TODAY = '2026-11-29';
const analyze = (q: string) => analyzeQuery(q, { today: TODAY });

describe('questions that ask for several decisions or a total', () => {
  const SEVERAL: ReadonlyArray<[string, 'list' | 'sum']> = [
    // plural interrogative determiners agreeing with a plural noun
    ['jakie torty bezglutenowe mamy w sprzedaży?', 'list'],
    ['jakie pieczywo bezglutenowe i jakie torty mamy w sprzedaży?', 'list'],
    ['jaki rower i jakie części kupiliśmy dla kuriera?', 'list'],
    ['jakie mamy abonamenty serwisowe?', 'list'],
    ['które rowery cargo serwisujemy?', 'list'],
    ['jakich mamy dostawców mąki?', 'list'],
    ['z jakimi kancelariami współpracujemy?', 'list'],
    ['jacy mechanicy pracują w soboty?', 'list'],
    ['którzy prawnicy prowadzą sprawy spadkowe?', 'list'],
    // imperatives and "all"
    ['wymień nasze hurtownie', 'list'],
    ['wypisz umowy z dostawcami', 'list'],
    ['podaj wszystkie ceny przeglądów', 'list'],
    // the distributive determiner "poszczególny": each of several
    ['kto prowadzi poszczególne ekipy?', 'list'],
    ['ile kosztują poszczególne pakiety?', 'list'],
    ['kto odpowiada za poszczególnych klientów?', 'list'],
    // an open interrogative over a span of time
    ['co kupiliśmy do serwisu w tym roku?', 'list'],
    ['kogo zatrudniliśmy w zeszłym roku?', 'list'],
    // totals: "ile razem / łącznie / w sumie", an adjective of totality with a noun of money, "suma"
    ['ile razem płacimy za oba magazyny?', 'sum'],
    ['ile łącznie wydaliśmy na nowe piece?', 'sum'],
    ['ile w sumie kosztują abonamenty obu sklepów?', 'sum'],
    ['jaka jest łączna kwota faktur od hurtowni?', 'sum'],
    ['jaki jest łączny koszt leasingu trzech aut?', 'sum'],
    ['ile wynosi całkowity czynsz za lokale kancelarii?', 'sum'],
    ['jaka jest suma opłat za serwis pieców?', 'sum'],
    ['jaka była łączna wartość umów z klientami w tym roku?', 'sum'],
    // "plus" adding up two nouns of a price, colloquially
    ['ile wydaliśmy na nową piekarnię, remont plus piece?', 'sum'],
    ['ile kosztowała nas furgonetka plus oklejenie?', 'sum'],
  ];
  it.each(SEVERAL)('%s → %s', (q, kind) => {
    const a = analyze(q);
    expect(a.list || a.answerType === 'sum').toBe(true);
    if (kind === 'sum') expect(a.answerType).toBe('sum');
    else expect(a.answerType).not.toBe('sum');
  });

  const SINGLE: ReadonlyArray<string> = [
    // one thing asked about, though a word looks like a cue
    'jakie wynagrodzenie dostaje czeladnik?',
    'które z nas prowadzi księgowość?',
    'z kim podpisaliśmy umowę najmu i na jakich warunkach?',
    'jaki sprzęt kupiliśmy do serwisu?',
    'kogo zatrudniliśmy jako kierowcę?',
    'co kupiliśmy do piekarni?',
    'kto odpowiada za zamówienia mąki?',
    'ile kosztuje przegląd roweru?',
    'ilu mamy mechaników?',
    'jak łączymy zamówienia z dwóch sklepów?',
    'ile kosztuje połączenie internetowe w kancelarii?',
    'jaka jest łączność w piwnicy magazynu?',
    'łączna powierzchnia magazynów?',
    'jak się razem rozliczamy z franczyzą?',
    'czy oba sklepy są otwarte w niedzielę?',
    'jaka jest stawka za godzinę porady?',
    'kto wynajmuje nam lokal i na jakich warunkach?',
    'ile kosztuje przegląd i jakie są terminy?',
    'jaki piec kupiliśmy i jakie wynagrodzenie dostał montażysta?',
    // "plus" as a name, or not between two nouns
    'ile kosztuje karnet plus?',
    'ile kosztuje pakiet Serwis Plus?',
    'ile plusów ma nowy piec w porównaniu ze starym?',
    // "szczególnie" and "szczegóły" are no determiner of each
    'co szczególnie podoba się klientom w pakiecie?',
    'jakie są szczegóły umowy najmu?',
  ];
  it.each(SINGLE)('%s → one answer, no sum', (q) => {
    const a = analyze(q);
    expect(a.list).toBe(false);
    expect(a.answerType).not.toBe('sum');
  });
});

describe('a question about both of two things ("oba", "obie", "obu")', () => {
  it.each([
    ['skąd bierzemy mąkę do obu piekarni?', 'place'],
    ['kto sprząta oba sklepy?', 'person'],
    ['jaka firma ochrania obie hurtownie?', 'organisation'],
    ['do której są otwarte oba sklepy w sobotę?', 'hour'],
    ['jaki jest numer telefonu do obydwu lokali?', 'number'],
  ])('%s → a list of two (%s)', (q, type) => {
    const a = analyze(q);
    expect(a.answerType).toBe(type);
    expect(a.list).toBe(true);
    expect(a.pair).toBe(true);
  });

  it('takes the noun "oba" quantifies out of its focus: every item is one of them', () => {
    const texts = (q: string) => analyze(q).focus.map((f) => f.text);
    expect(texts('skąd bierzemy mąkę do obu piekarni?')).toEqual(['mąkę']);
    expect(texts('kto sprząta salę w obu lokalach?')).toEqual(['sprząta', 'salę']);
    // Not in a question that is no pair.
    expect(texts('czy oba sklepy są otwarte w niedzielę?')).toContain('sklepy');
  });

  it.each([
    // a yes/no, a date or a total is one answer about both; a list asked otherwise is no pair
    'czy oba sklepy są otwarte w niedzielę?',
    'od kiedy oba sklepy przyjmują karty?',
    'ile razem płacimy za oba magazyny?',
    'kogo zatrudniliśmy w obu sklepach w tym roku?',
    // no "oba" in the question's own clauses, or only in a matter it names
    'skąd bierzemy mąkę?',
    'co ustaliliśmy w sprawie: Rezygnujemy z Kłosa, zostaje Wolt w obu sklepach?',
    'co ustaliliśmy w sprawie dostaw do obu sklepów?',
    'kto sprząta sklep, kiedy obie kasjerki są na urlopie?',
  ])('%s → no pair', (q) => {
    expect(analyze(q).pair).toBeUndefined();
  });
});

describe('a stated count of addends', () => {
  it.each([
    ['ile razem płacimy za oba magazyny?', 2],
    ['ile łącznie kosztuje leasing obydwu aut?', 2],
    ['ile w sumie płacimy za czynsz trzech sklepów?', 3],
    ['ile razem kosztują abonamenty czterech kancelarii?', 4],
    ['ile łącznie wydaliśmy na reklamę?', undefined],
    ['jaka jest łączna kwota faktur od hurtowni?', undefined],
  ] as const)('%s → %s', (q, n) => {
    expect(statedCount(analyze(q))).toBe(n);
  });
});

describe('words that do not select the items of a list', () => {
  it.each([
    ['jakie ciasta sprzedajemy w sklepie na rogu?', ['sklep', 'rog'], ['ciasto', 'sprzedawac']],
    ['kogo zatrudniliśmy do serwisu?', ['serwis'], ['zatrudnic']],
    ['co u nas podrożało dla klientów?', ['klient'], ['podrozec']],
    ['jakie umowy podpisaliśmy z nowymi dostawcami mąki?', ['now', 'dostawca'], ['umowa', 'podpisac']],
    ['co mamy w ofercie, jakie torty pieczemy?', ['oferta'], ['tort', 'piec']],
  ] as const)('%s', (q, adjuncts, core) => {
    const adj = adjunctTerms(q);
    for (const t of adjuncts) expect([...adj].some((a) => a.startsWith(t))).toBe(true);
    for (const t of core) expect([...adj].some((a) => a.startsWith(t))).toBe(false);
  });
});

describe('the retrieval pool of a list', () => {
  it('takes one fragment per decision from a wider pool for lists and sums only', () => {
    expect(poolSettings(analyze('jakie mamy abonamenty serwisowe?'), 20)).toEqual({ k: LIST_POOL, candidates: Math.max(20, LIST_POOL), perDocCap: 1 });
    expect(poolSettings(analyze('ile razem płacimy za oba magazyny?'), 40)).toEqual({ k: LIST_POOL, candidates: 40, perDocCap: 1 });
    expect(poolSettings(analyze('ile kosztuje przegląd roweru?'), 20)).toEqual({ k: 20, candidates: 20, perDocCap: 'none' });
    expect(LIST_POOL).toBeGreaterThan(MAX_LIST_ITEMS);
  });
});

const decision = decisionFragments;

// A bike repair shop: two rents, a parking place, a purchase of two machines, an hours decision.
const RENT_OLD_TOWN = decision('2026-01-14-01', [
  ['TL;DR', 'Serwis przy Rynku wynajmujemy dalej za 5200 zł netto miesięcznie.'],
  ['DLACZEGO', 'Właściciel nie podniósł czynszu, a lokal ma witrynę od ulicy.'],
]);
const RENT_SECOND = decision('2026-03-03-01', [
  ['TL;DR', 'Otwieramy drugi punkt na Bronowicach: czynsz 3100 zł netto miesięcznie.'],
  ['KONTEKST', 'Na Bronowicach brakuje serwisu rowerów elektrycznych.'],
]);
const PARKING = decision('2026-04-07-01', [['TL;DR', 'Wynajmujemy miejsce parkingowe dla busa serwisowego za 300 zł netto miesięcznie.']]);
const STAND = decision('2026-05-12-01', [
  ['TL;DR', 'Kupujemy stojak montażowy Park Tool.'],
  ['DECYZJA', 'Stojak kosztuje 2900 zł, a klucz dynamometryczny 650 zł.'],
]);
const TRUING = decision('2026-06-02-01', [['TL;DR', 'Kupujemy centrownicę do kół za 1800 zł.']]);
const HOURS = decision('2026-02-02-01', [['TL;DR', 'Serwis jest otwarty od wtorku do soboty, od 10:00 do 18:00.']]);
const ALL = [...RENT_OLD_TOWN, ...RENT_SECOND, ...PARKING, ...STAND, ...TRUING, ...HOURS];
const byDoc = (d: string) => ALL.filter((f) => f.metadata.docId === d).map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata }));

/** Plans over the fragments in the given order (the retrieval order) with lexical relevance. */
function plan(q: string, pool: Fragment[]) {
  const analysis = analyzeQuery(q, { today: TODAY, documentFrequency: (t) => ALL.filter((f) => f.body.toLowerCase().includes(t.slice(0, 4))).length });
  const options = { semantic: false, totalChunks: ALL.length, threshold: 0 };
  const checks = checkSources(analysis, gatherSources(pool, byDoc, LIST_POOL), () => 0, options);
  return { analysis, checks, plan: planEvidence(analysis, checks, options) };
}

describe('the decisions a list names', () => {
  it('keeps retrieval order, puts a named source first, drops sources missing an entity, stops at the maximum', () => {
    const { analysis, checks } = plan('jakie czynsze płacimy za lokale?', ALL);
    const items = listItems(checks, new Set([checks[1]!]), analysis, ALL.length, 3);
    expect(items.map((c) => c.source.decisionId).slice(0, 2)).toEqual(['2026-03-03-01', '2026-01-14-01']);
    expect(items.length).toBeLessThanOrEqual(3);
    // Only sources with a sentence of the expected type (an amount) are items.
    expect(items.every((c) => c.best !== undefined)).toBe(true);
    expect(items.map((c) => c.source.decisionId)).not.toContain('2026-02-02-01');
    // "Bronowicach" is an entity only the second rent carries: the other sources are no items.
    const { analysis: a2, checks: there } = plan('jakie czynsze płacimy na Bronowicach?', ALL);
    expect(listItems(there, new Set(), a2, ALL.length).map((c) => c.source.decisionId)).toEqual(['2026-03-03-01']);
  });

  it('fuses retrieval order with how much of the question the headlines carry (Borda: sum of places)', () => {
    // Retrieval put the opening hours first; the two purchases say "kupujemy", the others do not.
    const { analysis, checks } = plan('co kupujemy w tym roku?', [...HOURS, ...STAND, ...TRUING, ...PARKING]);
    expect(checks.map((c) => c.source.decisionId)).toEqual(['2026-02-02-01', '2026-05-12-01', '2026-06-02-01', '2026-04-07-01']);
    const cov = checks.map((c) => statementCoverage(c, analysis, ALL.length));
    expect(cov[0]).toBe(0);
    expect(cov[1]).toBeGreaterThan(0);
    // Two decisions state the question's verb ("kupujemy"): the list names only them, in fused order.
    expect(listItems(checks, new Set(), analysis, ALL.length).map((c) => c.source.decisionId)).toEqual(['2026-05-12-01', '2026-06-02-01']);
    // The perfective of the question ("kupiliśmy") is the same verb as the decisions' imperfective.
    const { analysis: past, checks: pastChecks } = plan('co kupiliśmy w tym roku?', [...HOURS, ...STAND, ...TRUING, ...PARKING]);
    expect(listItems(pastChecks, new Set(), past, ALL.length).map((c) => c.source.decisionId)).toEqual(['2026-05-12-01', '2026-06-02-01']);
  });

  it('cuts nothing when the decisions that state the verb are fewer than half of the list', () => {
    // Two purchases among six decisions: the verb is not how this pool states its items.
    const { analysis, checks } = plan('co kupujemy w tym roku?', ALL);
    const items = listItems(checks, new Set(), analysis, ALL.length).map((c) => c.source.decisionId);
    expect(items).toContain('2026-05-12-01');
    expect(items).toContain('2026-06-02-01');
    expect(items.length).toBeGreaterThan(2);
  });

  it('keeps every item when fewer than two decisions state the verb (Borda order: sum of places)', () => {
    // Only the parking decision says "wynajmujemy": one is no list, so nothing is cut.
    const { analysis, checks } = plan('co wynajmujemy w tym roku?', [...HOURS, ...PARKING, ...STAND, ...TRUING]);
    const items = listItems(checks, new Set(), analysis, ALL.length).map((c) => c.source.decisionId);
    expect(items).toHaveLength(4);
    // Places: hours 0 + 2, parking 1 + 0, stand 2 + 2, truing 3 + 2.
    expect(items[0]).toBe('2026-04-07-01');
  });

  it('names the decisions titled by the question’s object when two or more are', () => {
    const contract = (id: string, title: string, body: string) => decision(id, [['TL;DR', body]], { title });
    const pool = [
      ...contract('2026-02-10-01', 'Umowa UM/2026/004 z Piekarnią Zbożową', 'Dwa dni szkolenia z obsługi kas za 3200 zł netto.'),
      ...contract('2026-05-05-01', 'Pracownik sezonowy na umowę zlecenie', 'Od czerwca zatrudniamy pomocnika na umowę zlecenie za 31 zł brutto za godzinę.'),
      ...contract('2026-07-21-01', 'Umowa UM/2026/011 z Hotelem Pod Lipą', 'Dostawy pieczywa na śniadania za 4100 zł netto miesięcznie.'),
    ];
    const analysis = analyzeQuery('jakie umowy z klientami mamy w tym roku i na jakie kwoty?', { today: TODAY, documentFrequency: () => 1 });
    const checks = checkSources(
      analysis,
      gatherSources(pool, (d) => pool.filter((f) => f.metadata.docId === d), LIST_POOL),
      () => 0,
      { semantic: false, totalChunks: 10, threshold: 0 },
    );
    expect(listItems(checks, new Set(), analysis, 10).map((c) => c.source.decisionId)).toEqual(['2026-02-10-01', '2026-07-21-01']);
  });

  it('names only dated decisions in a list scoped in time, when there are any', () => {
    const doc = [
      { ...STAND[0]!, id: 'cennik#0', metadata: chunkMetadata('cennik', { fileName: 'cennik.pdf', format: 'pdf', section: 'Ceny' }), body: 'Kupujemy części u trzech hurtowni.' },
    ];
    const { analysis, checks } = plan('co kupujemy do serwisu w tym roku?', [...doc, ...TRUING]);
    expect(listItems(checks, new Set(), analysis, ALL.length).map((c) => c.source.decisionId ?? c.source.docId)).toEqual(['2026-06-02-01']);
    const { analysis: a2, checks: c2 } = plan('co kupujemy do serwisu?', [...doc, ...TRUING]);
    expect(listItems(c2, new Set(), a2, ALL.length).map((c) => c.source.decisionId ?? c.source.docId)).toContain('cennik');
  });

  it('lists one line per decision, each named by its headline and cited', async () => {
    const q = 'co kupujemy do serwisu w tym roku?';
    const { analysis, plan: p } = plan(q, [...STAND, ...TRUING, ...HOURS]);
    expect(p.mode).toBe('list');
    const text = composeFromPlan(q, analysis, p, ALL);
    const lines = text.split('\n');
    expect(lines[0]).toBe('- Kupujemy stojak montażowy Park Tool (2026-05-12-01).');
    expect(lines[1]).toBe('- Kupujemy centrownicę do kół za 1800 zł (2026-06-02-01).');
    expect(new Set(lines).size).toBe(lines.length);
    const c = compressFragments(q, [...STAND, ...TRUING, ...HOURS]);
    expect((await verifyAnswer(text, c.fragments)).ok).toBe(true);
  });
});

describe('sums over decisions', () => {
  it('adds as many decisions as the question counts, in retrieval order, every addend cited', async () => {
    const q = 'ile razem płacimy miesięcznie za czynsz obu lokali?';
    // Retrieval ranked the parking place third: "obu" takes the first two with an amount.
    const { analysis, plan: p } = plan(q, [...RENT_OLD_TOWN, ...RENT_SECOND, ...PARKING, ...HOURS]);
    expect(p.mode).toBe('sum');
    const text = composeFromPlan(q, analysis, p, ALL);
    expect(text.split('\n')[0]).toBe('Razem 8 300 zł = 5200 zł (2026-01-14-01) + 3100 zł (2026-03-03-01).');
    expect(text).not.toContain('300 zł (2026-04-07-01)');
    const c = compressFragments(q, [...RENT_OLD_TOWN, ...RENT_SECOND]);
    expect((await verifyAnswer(text, c.fragments)).ok).toBe(true);
  });

  it('gives no total when a decision states two amounts and the question does not say how many', () => {
    const q = 'ile łącznie kosztują stojak i centrownica?';
    const { analysis, plan: p } = plan(q, [...STAND, ...TRUING]);
    expect(p.mode).toBe('sum');
    const text = composeFromPlan(q, analysis, p, ALL);
    expect(text).not.toMatch(/^Razem/u);
    expect(text).toContain('(2026-05-12-01)');
    expect(text).toContain('(2026-06-02-01)');
  });

  it('takes the one amount of a sentence as the addend and never a sentence with two', () => {
    const { checks } = plan('ile łącznie kosztują stojak i centrownica?', [...STAND, ...TRUING]);
    expect(addendOf(checks.find((c) => c.source.decisionId === '2026-06-02-01')!)?.amount.value).toBe(1800);
    expect(addendOf(checks.find((c) => c.source.decisionId === '2026-05-12-01')!)).toBeUndefined();
  });

  it('leaves a single decision to the single-answer path', () => {
    const q = 'ile razem płacimy za czynsz obu lokali?';
    const { analysis, plan: p } = plan(q, [...RENT_OLD_TOWN]);
    expect(composeSeveral(p, analysis)).toBeUndefined();
  });
});

describe('lists of replacements', () => {
  it.each([
    ['których dostawców mąki zmieniliśmy w tym roku?', true],
    ['jakie programy zastąpiliśmy innymi?', true],
    ['na jakie programy przeszliśmy w tym roku?', true],
    ['które umowy serwisowe wymieniliśmy na tańsze?', true],
    // negatives: the imperative "wymień" asks for a list; a single replacement; a list without the verb
    ['wymień nasze hurtownie', false],
    ['czym zastąpiliśmy stary program do faktur?', false],
    ['jakie piece kupiliśmy w tym roku?', false],
    ['które rowery cargo serwisujemy?', false],
    // "przejść" with a direct object is to go through, not to switch; "na" with a place is no direction
    ['jakie szkolenia przeszedł zespół?', false],
    ['jakie kontrole sanepidu przeszła piekarnia na Woli?', false],
    ['z jakich hurtowni przeszliśmy na inne?', true],
    ['od których dostawców przeszliśmy na innych?', true],
  ] as const)('%s → %s', (q, yes) => {
    expect(asksForReplacements(analyze(q))).toBe(yes);
  });

  // The shop replaced its flour supplier in March (superseding January's decision) and its
  // cleaning firm in 2025; the January decision is itself superseded.
  const FLOUR_OLD = decision('2026-01-09-01', [['TL;DR', 'Mąkę kupujemy w Młynie Zacisze.']], { superseded: true, supersededBy: '2026-03-10-01' });
  const FLOUR_NEW = decision('2026-03-10-01', [['TL;DR', 'Od kwietnia mąkę kupujemy w Młynie Górskim zamiast w Młynie Zacisze.']], { supersedes: '2026-01-09-01' });
  const CLEANING = decision('2025-10-02-01', [['TL;DR', 'Sprzątanie przejmuje firma Czysto zamiast Blask.']], { supersedes: '2025-03-01-01' });
  const STORE = [...FLOUR_OLD, ...FLOUR_NEW, ...CLEANING, ...HOURS];
  const lexical = {
    documentIds: () => [...new Set(STORE.map((f) => f.metadata.docId))],
    documentChunks: (d: string) => STORE.filter((f) => f.metadata.docId === d).map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata })),
  };

  it('brings the decisions that replaced another, in the question’s time, which retrieval did not bring', () => {
    const ids = (q: string, have: ReturnType<typeof gatherSources> = []) => replacementSources(analyze(q), lexical, have).map((s) => s.decisionId);
    expect(ids('których dostawców zmieniliśmy w tym roku?')).toEqual(['2026-03-10-01']);
    expect(ids('których dostawców zmieniliśmy w zeszłym roku?')).toEqual(['2025-10-02-01']);
    expect(ids('których dostawców zmieniliśmy?')).toEqual(['2026-03-10-01', '2025-10-02-01']);
    expect(ids('których dostawców zmieniliśmy?', gatherSources(FLOUR_NEW, lexical.documentChunks, 5))).toEqual(['2025-10-02-01']);
    expect(ids('jakie piece kupiliśmy w tym roku?')).toEqual([]);
  });
});

describe('replacements that name a new party', () => {
  const chunk = (id: string, section: string, body: string, title: string) => ({ body, metadata: chunkMetadata(id, { decisionId: id, section, title }) });
  it.each([
    // a new firm, a new person, a new product: names the replaced decision never gave
    ['Dostawy mąki od Młyna Górskiego', 'Od kwietnia mąkę dostarcza Młyn Sobieski z Wadowic.', 'Mąkę dostarcza Młyn Górski.', true],
    ['Nowa księgowa', 'Od maja księgowość prowadzi pani Teresa Wądołowska.', 'Księgowość prowadzi biuro Rachmistrz.', true],
    // a name that is also a common word, capitalised after another word: a name all the same
    ['Jajka z fermy Kurnik', 'Od marca jajka kupujemy w fermie Kurnik.', 'Jajka kupujemy w fermie Złote Pióro.', true],
    ['Owoce z sadu Jabłonka', 'Od lipca owoce dowozi sad Jabłonka.', 'Owoce dowozi sad Pod Lipami.', true],
    // a new name sharing its first letters with a common word of the replaced decision ("ziarno", "elektryczne")
    ['Kawa z palarni Ziarno', 'Od maja kawę dostarcza palarnia Ziarno.', 'Kawę dostarcza palarnia Aroma, ziarno palą w Krakowie.', true],
    ['Elektra zamiast Voltaro', 'Od października rowery zamawiamy u dystrybutora marki Elektra.', 'Rowery elektryczne zamawiamy u Voltaro.', true],
    // the same party under a new price, new hours of the same shop, a common word opening the title
    ['Zmiana ceny chleba z Młyna Górskiego', 'Chleb z mąki Młyna Górskiego kosztuje 12 zł.', 'Mąkę dostarcza Młyn Górski, chleb kosztuje 11 zł.', false],
    ['Nowe godziny sklepu w Podgórzu', 'Od czerwca sklep w Podgórzu jest otwarty do 19:00.', 'Sklep w Podgórzu jest otwarty do 18:00.', false],
    // a place newly named after a preposition, even one the dictionary reads as a common word, is no party
    ['Ortodontka także w Oliwie', 'Od lipca ortodontka przyjmuje także w Oliwie.', 'Ortodontka przyjmuje we Wrzeszczu w soboty.', false],
    ['Droższe jajka z fermy Kurnik', 'Jajka z fermy Kurnik kosztują od maja 1,20 zł.', 'Jajka kupujemy w fermie Kurnik po 1 zł.', false],
    // a common word capitalised only because it opens a sentence or a label is no name
    ['Nowa cena pączków', 'Od lutego pączek kosztuje 4 zł. Ciasto robimy sami.', 'Pączek kosztuje 3,50 zł, ciasto robimy sami.', false],
  ] as const)('%s → %s', (title, summary, before, yes) => {
    const now = [chunk('2026-04-01-01', 'TL;DR', summary, title)];
    const old = [chunk('2026-01-01-01', 'TL;DR', before, 'Poprzednia decyzja')];
    expect(namesNewParty(now, old)).toBe(yes);
  });
});

describe('a list of the things a code begins', () => {
  const decision = (id: string, title: string, text: string) => decisionFragments(id, [['TL;DR', text]], { title, date: id.slice(0, 10), decisionId: id });
  const LOG = [
    ...decision('2031-03-04-01', 'Umowa z hotelem Pod Lipą', 'Podpisujemy umowę UM/2031/004 z hotelem Pod Lipą na dostawy pieczywa.'),
    ...decision('2031-05-10-01', 'Dostawy do szkoły', 'Podpisujemy umowę UM/2031/009 ze szkołą nr 12 na drugie śniadania.'),
    ...decision('2031-08-03-01', 'Aneks najmu', 'Podpisujemy aneks UM/2031/012 do umowy najmu piekarni.'),
    ...decision('2031-10-26-01', 'Nowa strona', 'Zamawiamy nową stronę w agencji Piksel, umowa UM/2031/015, za 9800 zł netto.'),
    // Another series, and a longer number that only starts with the same digits.
    ...decision('2031-04-01-01', 'Faktura za mąkę', 'Reklamujemy fakturę FV/2031/04/118 od młyna.'),
    ...decision('2031-06-01-01', 'Umowa ramowa', 'Podpisujemy umowę ramową UM/20317 z hurtownią.'),
  ];
  const items = (q: string) => planFragments(q, LOG).chosen.map((c) => c.source.decisionId);

  it('names every decision with a code of that series, however the decision is worded', () => {
    expect(items('jakie umowy z numerem UM/2031 mamy podpisane?')?.sort()).toEqual(['2031-03-04-01', '2031-05-10-01', '2031-08-03-01', '2031-10-26-01']);
  });

  it('is no prefix for one answer: a single question names one code whole', () => {
    expect(planFragments('co ustala umowa UM/2031?', LOG).refused).toBe(true);
  });
});

describe('the items of a list of both of two places', () => {
  const BREAD_EAST = decisionFragments('2031-01-26-01', [['TL;DR', 'Lokal na Widzewie dostaje chleb i bułki z Piekarni Rokita.']], {
    title: 'Pieczywo dla Widzewa',
    decisionId: '2031-01-26-01',
  });
  const BREAD_CENTRE = decisionFragments('2031-03-25-01', [['TL;DR', 'Od kwietnia pieczywo na Piotrkowską dowozi Zakwasownia Retkinia.']], {
    title: 'Nowa piekarnia dla centrum',
    decisionId: '2031-03-25-01',
  });
  const TILLS = decisionFragments('2031-04-08-01', [['TL;DR', 'Od czerwca oba lokale pracują na nowym systemie kasowym.']], {
    title: 'Kasy na Widzewie',
    decisionId: '2031-04-08-01',
  });
  const CLEANING = decisionFragments('2031-02-25-01', [['TL;DR', 'Od marca salę na Piotrkowskiej sprząta firma Czysta Fabryka.']], {
    title: 'Sprzątanie',
    decisionId: '2031-02-25-01',
  });
  const MORE_BREAD = decisionFragments('2031-05-04-01', [['TL;DR', 'Pieczywo na Widzewie uzupełniamy bułkami z Piekarni Kłos.']], {
    title: 'Bułki dla Widzewa',
    decisionId: '2031-05-04-01',
  });
  const HALL = decisionFragments('2031-06-01-01', [['TL;DR', 'Salę na Widzewie malujemy w czerwcu na zielono.']], {
    title: 'Remont sali na Widzewie',
    decisionId: '2031-06-01-01',
  });
  const ALL = [...BREAD_EAST, ...BREAD_CENTRE, ...TILLS, ...CLEANING, ...MORE_BREAD, ...HALL];
  // A gate that passes only what carries the question's words (no model here).
  const chosen = (q: string) => planFragments(q, ALL, {}, { threshold: 0.5 }).chosen.map((c) => c.source.decisionId);

  it('are the first and the first about another place answering the same question', () => {
    // Two decisions on bread for Widzew: the second is about a place already answered.
    expect(chosen('skąd bierzemy pieczywo do obu lokali?').sort()).toEqual(['2031-01-26-01', '2031-03-25-01']);
  });

  it('are one per place when the question asks them in the plural ("z jakich piekarni…")', () => {
    expect(analysisOf('z jakich piekarni bierzemy pieczywo do obu lokali?').pair).toBe(true);
    expect(chosen('z jakich piekarni bierzemy pieczywo do obu lokali?').sort()).toEqual(['2031-01-26-01', '2031-03-25-01']);
    // Negatives: a plural list without "oba" is no pair; nor is a sum of both.
    expect(analysisOf('z jakich piekarni bierzemy pieczywo?').pair).toBeUndefined();
    expect(analysisOf('ile razem płacimy za pieczywo do obu lokali?').pair).toBeUndefined();
  });

  it('are the first alone when no decision about the other place answers it', () => {
    // The tills name the other place and "oba lokale", but say nothing of cleaning.
    expect(chosen('kto sprząta oba lokale?')).toEqual(['2031-02-25-01']);
  });

  it('leave out a decision about the other place that misses a word of the question the first has', () => {
    // Past any gate: the hall on Widzew is painted, not cleaned.
    const ids = (fragments: Fragment[]) => pairItems(checkFragments('kto sprząta salę w obu lokalach?', fragments)).map((c) => c.source.decisionId);
    expect(ids([...CLEANING, ...HALL])).toEqual(['2031-02-25-01']);
    const CLEANING_EAST = decisionFragments('2031-07-01-01', [['TL;DR', 'Salę na Widzewie sprząta pani Ala Sowa.']], { title: 'Sprzątanie', decisionId: '2031-07-01-01' });
    expect(ids([...CLEANING, ...HALL, ...CLEANING_EAST])).toEqual(['2031-02-25-01', '2031-07-01-01']);
  });

  it('are the first alone when it answers for both', () => {
    const BOTH_SHOPS = decisionFragments('2031-08-03-01', [['TL;DR', 'Pieczywo do obu lokali dowozi od sierpnia Piekarnia Kłos na Widzewie.']], {
      title: 'Jedna piekarnia',
      decisionId: '2031-08-03-01',
    });
    const ids = pairItems(checkFragments('skąd bierzemy pieczywo do obu lokali?', [...BOTH_SHOPS, ...BREAD_CENTRE])).map((c) => c.source.decisionId);
    expect(ids).toEqual(['2031-08-03-01']);
  });
});

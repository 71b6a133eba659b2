/**
 * Which two states of a chain of replacing decisions a history question asks about: the first
 * ("na samym początku", "pierwotnie") or the one before the current ("przed ostatnią podwyżką"),
 * read from the store's links. A bakery's log of the tests' own, ingested into a real lexical index.
 */
import { describe, expect, it } from 'vitest';
import { decisionFile, ingestLog } from '../helpers/lexical-log';
import { askedChainEnd, chainOf, chainPair, unrecordedEarlierState } from '../../src-main/core/answer/history-chain';
import { chunkFragment, gatherSources } from '../../src-main/core/answer/sources';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { askQuestion } from '../../src-main/core/answer/ask';
import { firstOfPast } from '../../src-main/core/query/tense';

const decision = (id: string, title: string, text: string, replaces?: string) => decisionFile(id, title, `## TL;DR\n${text}`, replaces);

const LOG: Record<string, string> = {
  '2032-01-10-01.md': decision('2032-01-10-01', 'Zadatek za torty', 'Za tort na zamówienie bierzemy 30 zł zadatku.'),
  '2032-04-06-01.md': decision('2032-04-06-01', 'Wyższy zadatek', 'Zadatek za tort rośnie do 50 zł.', '2032-01-10-01'),
  '2032-09-14-01.md': decision('2032-09-14-01', 'Przedpłata zamiast zadatku', 'Zamiast zadatku 50 zł bierzemy przedpłatę 20% ceny tortu.', '2032-04-06-01'),
  '2032-02-01-01.md': decision('2032-02-01-01', 'Godziny sklepu', 'Sklep jest czynny od 7:00 do 18:00.'),
  '2032-05-02-01.md': decision('2032-05-02-01', 'Podwyżka dla Ani', 'Od maja Ania zarabia 5 000 zł brutto zamiast 4 500 zł: podwyżka o 500 zł.'),
  '2032-06-01-01.md': decision('2032-06-01-01', 'Pensja Bartka', 'Bartek zarabia 4 800 zł brutto miesięcznie.'),
};

const ingest = () => ingestLog(LOG);

const analysis = (q: string) => analyzeQuery(q, { today: '2032-11-30', documentFrequency: () => 1 });

describe('the end of a chain a history question asks about', () => {
  it.each([
    ['ile wynosił zadatek na samym początku?', 'first'],
    ['jaki był pierwotnie zadatek za tort?', 'first'],
    ['ile braliśmy zadatku na starcie?', 'first'],
    ['ile wynosił zadatek przed ostatnią zmianą?', 'last'],
    ['jaki był zadatek przed ostatnią podwyżką?', 'last'],
    // negatives: a time named by "na początku …", a history question naming no end, a present one
    ['ile wynosił zadatek na początku roku?', undefined],
    ['jaki był zadatek na początku maja?', undefined],
    ['ile wcześniej wynosił zadatek?', undefined],
    ['ile teraz wynosi zadatek?', undefined],
  ] as const)('%s → %s', (q, end) => {
    expect(askedChainEnd(analysis(q))).toBe(end);
  });
});

describe('the pair a history answer tells', () => {
  it('is read from the store’s links, wherever in the chain the chosen decision stands', async () => {
    const lexical = await ingest();
    const source = (id: string) => {
      const doc = lexical.documentIds().find((d) => lexical.documentChunks(d)[0]?.metadata.decisionId === id)!;
      return gatherSources([chunkFragment(lexical.documentChunks(doc)[0]!, 0)], (d) => lexical.documentChunks(d), 1)[0]!;
    };
    const ids = (pair: ReturnType<typeof chainPair>) => pair?.map((s) => s.decisionId);
    expect(chainOf(source('2032-04-06-01'), lexical).map((s) => s.decisionId)).toEqual(['2032-01-10-01', '2032-04-06-01', '2032-09-14-01']);
    for (const chosen of ['2032-01-10-01', '2032-04-06-01', '2032-09-14-01']) {
      expect(ids(chainPair(source(chosen), analysis('ile wynosił zadatek na samym początku?'), lexical))).toEqual(['2032-01-10-01', '2032-04-06-01']);
      expect(ids(chainPair(source(chosen), analysis('ile wynosił zadatek przed ostatnią zmianą?'), lexical))).toEqual(['2032-04-06-01', '2032-09-14-01']);
      expect(chainPair(source(chosen), analysis('ile wcześniej wynosił zadatek?'), lexical)).toBeUndefined();
    }
    // Placed before a later event: the decision that made it, with the one it replaced.
    for (const chosen of ['2032-01-10-01', '2032-09-14-01']) {
      expect(ids(chainPair(source(chosen), analysis('ile wynosił zadatek, zanim wprowadziliśmy przedpłatę?'), lexical))).toEqual(['2032-04-06-01', '2032-09-14-01']);
      expect(ids(chainPair(source(chosen), analysis('jaki był zadatek przed wprowadzeniem przedpłaty?'), lexical))).toEqual(['2032-04-06-01', '2032-09-14-01']);
      // An event no decision of the chain names: the pair is left to the chosen decision.
      expect(chainPair(source(chosen), analysis('ile wynosił zadatek, zanim otworzyliśmy drugi sklep?'), lexical)).toBeUndefined();
    }
    // A decision no other replaces or is replaced by has no pair.
    expect(chainPair(source('2032-02-01-01'), analysis('do której był otwarty sklep na samym początku?'), lexical)).toBeUndefined();
  });
});

describe('the pair of a history question placed before an event only the context tells', () => {
  // A yard's rent: the landlord mounting lamps is told only in the context of the decision that raised it.
  const YARD: Record<string, string> = {
    '2032-01-05-02.md': decision('2032-01-05-02', 'Najem placu', 'Plac wynajmujemy za 2 600 zł netto miesięcznie.'),
    '2032-06-01-01.md': decisionFile(
      '2032-06-01-01',
      'Aneks do najmu placu',
      '## TL;DR\nOd lipca czynsz za plac rośnie do 2 950 zł netto.\n\n## KONTEKST\nWłaściciel zamontuje sześć lamp, a my pokryjemy to wyższym czynszem.',
      '2032-01-05-02',
    ),
    '2032-11-18-01.md': decision('2032-11-18-01', 'Nowa umowa najmu placu', 'Od grudnia czynsz za plac wynosi 3 100 zł netto.', '2032-06-01-01'),
  };

  it('is the decision whose text tells the event, with the one it replaced', async () => {
    const lexical = await ingestLog(YARD);
    const source = (id: string) => {
      const doc = lexical.documentIds().find((d) => lexical.documentChunks(d)[0]?.metadata.decisionId === id)!;
      return gatherSources([chunkFragment(lexical.documentChunks(doc)[0]!, 0)], (d) => lexical.documentChunks(d), 1)[0]!;
    };
    for (const chosen of ['2032-01-05-02', '2032-06-01-01', '2032-11-18-01']) {
      const pair = chainPair(source(chosen), analysis('ile płaciliśmy za plac, zanim pojawiły się tam lampy?'), lexical);
      expect(pair?.map((s) => s.decisionId)).toEqual(['2032-01-05-02', '2032-06-01-01']);
      // Negative: an event no text of the chain tells leaves the pair to the chosen decision.
      expect(chainPair(source(chosen), analysis('ile płaciliśmy za plac, zanim postawiliśmy tam wiatę?'), lexical)).toBeUndefined();
    }
  });
});

describe('"pierwszy" before a thing in a past question', () => {
  it.each([
    ['ile braliśmy zadatku w pierwszej cukierni?', 'w pierwszej cukierni'],
    ['od kogo kupowaliśmy mąkę u pierwszego dostawcy?', 'u pierwszego dostawcy'],
    ['jaki zadatek braliśmy przy pierwszym cenniku?', 'przy pierwszym cenniku'],
    // negatives: a span of time, a month, a thing priced or a shift, a present question, no preposition
    ['ile braliśmy zadatku w pierwszym tygodniu?', undefined],
    ['ile braliśmy zadatku od pierwszego maja?', undefined],
    ['ile braliśmy zadatku w pierwszej połowie roku?', undefined],
    ['ile płacił klient za pierwszy tort?', undefined],
    ['kto piekł na pierwszej zmianie?', undefined],
    ['ile kosztuje tort w pierwszej cukierni?', undefined],
    ['jaki był pierwszy tort?', undefined],
    ['ile wydaliśmy na szkolenie z pierwszej pomocy?', undefined],
    ['do pierwszej ilu gości obsłużyliśmy?', undefined],
  ] as const)('%s → %s', (q, phrase) => {
    expect(firstOfPast(q)).toBe(phrase);
    if (phrase) expect(askedChainEnd(analysis(q))).toBe('first');
  });

  it('asks the first state over the whole pipeline', async () => {
    const lexical = await ingest();
    const { answer } = await askQuestion('jaki zadatek za tort braliśmy przy pierwszym cenniku?', { mode: 'bm25', today: '2032-11-30' }, { store: { lexical } });
    expect(answer).toMatch(/^Wcześniej: .*30 zł.*\(2032-01-10-01\)/u);
    expect(answer).toContain('(2032-04-06-01)');
  });
});

describe('a history answer over the whole pipeline (lexical retrieval, no model)', () => {
  it('tells the first state for "na samym początku" and the last change for "przed ostatnią zmianą"', async () => {
    const lexical = await ingest();
    const ask = async (q: string) => (await askQuestion(q, { mode: 'bm25', today: '2032-11-30' }, { store: { lexical } })).answer;
    const first = await ask('ile wynosił zadatek za tort na samym początku?');
    expect(first).toMatch(/^Wcześniej: .*30 zł.*\(2032-01-10-01\)/u);
    expect(first).toContain('(2032-04-06-01)');
    const last = await ask('ile wynosił zadatek za tort przed ostatnią zmianą?');
    expect(last).toMatch(/^Wcześniej: .*50 zł.*\(2032-04-06-01\)/u);
    expect(last).toContain('(2032-09-14-01)');
  });
});

describe('an earlier state the log does not hold', () => {
  const NIE_WIEM = 'Nie wiem: w bazie decyzji nie ma odpowiedzi na to pytanie.';
  const sourceOf = async (id: string) => {
    const lexical = await ingest();
    const doc = lexical.documentIds().find((d) => lexical.documentChunks(d)[0]?.metadata.decisionId === id)!;
    return gatherSources([chunkFragment(lexical.documentChunks(doc)[0]!, 0)], (d) => lexical.documentChunks(d), 1)[0]!;
  };
  it.each([
    // placed before an event the decision never names
    ['2032-06-01-01', 'ile zarabiał Bartek przed podwyżką?', 'przed podwyżką'],
    ['2032-06-01-01', 'ile zarabiał Bartek, zanim dostał awans?', 'zanim dostał awans'],
    ['2032-02-01-01', 'do której był czynny sklep przed przeprowadzką?', 'przed przeprowadzką'],
    ['2032-02-01-01', 'do której był czynny sklep przed wprowadzeniem dostaw?', 'przed wprowadzeniem dostaw'],
    // negatives: the decision names the event (it may state both sides), no event named, a present question
    ['2032-05-02-01', 'ile zarabiała Ania przed podwyżką?', undefined],
    ['2032-02-01-01', 'do której był czynny sklep, zanim zmieniliśmy godziny?', undefined],
    ['2032-06-01-01', 'ile wcześniej zarabiał Bartek?', undefined],
    ['2032-06-01-01', 'ile zarabiał Bartek przed świętami?', undefined],
    ['2032-06-01-01', 'ile teraz zarabia Bartek?', undefined],
  ] as const)('%s: %s → %s', async (id, q, phrase) => {
    expect(unrecordedEarlierState(await sourceOf(id), analysis(q))).toBe(phrase);
  });

  it('is refused over the whole pipeline; a decision naming the event still answers', async () => {
    const lexical = await ingest();
    const ask = async (q: string) => (await askQuestion(q, { mode: 'bm25', today: '2032-11-30' }, { store: { lexical } })).answer;
    expect(await ask('ile zarabiał Bartek przed podwyżką?')).toBe(NIE_WIEM);
    expect(await ask('ile zarabiał Bartek?')).toContain('(2032-06-01-01)');
    expect(await ask('ile zarabiała Ania przed podwyżką?')).toContain('(2032-05-02-01)');
  });
});

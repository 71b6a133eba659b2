/**
 * A decision that replaces another and keeps part of it ("TW-2 zostaje bez zmian"): the kept
 * sentences of the replaced decision stay evidence for questions about the present. A bakery's log
 * of the tests' own, ingested into a real lexical index (no model).
 */
import { describe, expect, it } from 'vitest';
import type { LexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import { ingestLog } from '../helpers/lexical-log';
import { keptFragments, withKeptFacts } from '../../src-main/core/answer/kept-facts';
import { checkSources, planEvidence } from '../../src-main/core/answer/evidence';
import { composeFromPlan } from '../../src-main/core/answer/extractive';
import { chunkFragment, gatherSources } from '../../src-main/core/answer/sources';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { retrieve } from '../../src-main/core/retrieve/pipeline';

const LOG: Record<string, string> = {
  '2031-01-07-01-cennik-tortow.md': `---
id: 2031-01-07-01
data: 2031-01-07
tytul: Cennik tortów
---
## TL;DR
Tort urodzinowy TU-1 kosztuje 180 zł, a tort weselny TW-2 450 zł.

## DECYZJA
- TU-1 (tort urodzinowy, 12 porcji): 180 zł.
- TW-2 (tort weselny, 40 porcji): 450 zł.
- TW-20 (tort weselny piętrowy, 80 porcji): 900 zł.
- Zamówienia przyjmuje Ewa w sklepie przy Piotrkowskiej.
`,
  '2031-04-01-01-tu1-200.md': `---
id: 2031-04-01-01
data: 2031-04-01
tytul: Tort urodzinowy drożeje
zastepuje: 2031-01-07-01
---
## TL;DR
Od maja tort urodzinowy TU-1 kosztuje 200 zł. Tort weselny TW-2 zostaje bez zmian.

## DECYZJA
- TU-1: 200 zł.
- TW-2: bez zmian.
`,
  '2031-10-05-01-tu1-220.md': `---
id: 2031-10-05-01
data: 2031-10-05
tytul: TU-1 po 220 zł
zastepuje: 2031-04-01-01
---
## TL;DR
Od listopada tort urodzinowy TU-1 kosztuje 220 zł. TW-2 nadal bez zmian.

## DECYZJA
- TU-1: 220 zł.
`,
  '2031-02-02-01-godziny.md': `---
id: 2031-02-02-01
data: 2031-02-02
tytul: Godziny sklepu
---
## TL;DR
Sklep jest czynny od 7:00 do 19:00, warsztaty z pieczenia są w środy o 17:00.
`,
  '2031-06-01-01-godziny-lato.md': `---
id: 2031-06-01-01
data: 2031-06-01
tytul: Godziny sklepu latem
zastepuje: 2031-02-02-01
---
## TL;DR
Latem sklep jest czynny od 6:00 do 20:00, a warsztaty przenosimy na czwartek bez zmian godziny.
`,
};

const ingest = () => ingestLog(LOG);

const chunksOf = (lexical: LexicalIndex, id: string) => lexical.documentChunks(lexical.documentIds().find((d) => lexical.documentChunks(d)[0]?.metadata.decisionId === id)!);

describe('what a replacing decision keeps of the one it replaces', () => {
  it('is the predecessor’s sentences on the kept thing, down a chain of keeps, none on what it changed', async () => {
    const lexical = await ingest();
    const kept = keptFragments(chunksOf(lexical, '2031-10-05-01'), lexical);
    const text = kept.map((f) => `${f.metadata.decisionId}: ${f.body}`).join('\n');
    // "TW-2 nadal bez zmian" → "TW-2 zostaje bez zmian" (2031-04-01-01) → the price (2031-01-07-01).
    expect(text).toContain('2031-01-07-01: TW-2 (tort weselny, 40 porcji): 450 zł.');
    // Never the changed price of TU-1, from either decision, nor what neither keeps.
    expect(text).not.toMatch(/180 zł|200 zł|Ewa/u);
    // A code is kept as written: "TW-2" keeps no "TW-20".
    expect(text).not.toContain('900 zł');
  });

  it('keeps only the clause that says what stays, not the change stated in the same sentence', async () => {
    const lexical = await ingestLog({
      '2031-01-21-01-najem.md': `---
id: 2031-01-21-01
data: 2031-01-21
tytul: Najem lokalu przy Rynku
---
## TL;DR
Czynsz wynosi 4800 zł netto miesięcznie; umowa UM/2031/004 z Kamienicą Rynek.

## DECYZJA
- Kaucja: dwa czynsze, wpłacone przy podpisaniu umowy.
- Sprzątanie klatki schodowej po stronie wynajmującego.
`,
      '2031-08-03-01-aneks.md': `---
id: 2031-08-03-01
data: 2031-08-03
tytul: Aneks do najmu — drugi pokój
zastepuje: 2031-01-21-01
---
## DECYZJA
- Aneks do UM/2031/004: od września lokal ma 117 m², czynsz 5400 zł netto miesięcznie, kaucja i sprzątanie klatki bez zmian.
`,
      '2031-02-01-01-cennik.md': `---
id: 2031-02-01-01
data: 2031-02-01
tytul: Cennik kursów
---
## DECYZJA
- KON-1: 300 zł.
- KON-2: 400 zł.
- KON-3: 500 zł.
- KON-4: 600 zł.
`,
      '2031-09-01-01-kon4.md': `---
id: 2031-09-01-01
data: 2031-09-01
tytul: KON-4 drożeje
zastepuje: 2031-02-01-01
---
## DECYZJA
- KON-4: 650 zł, KON-1, KON-2 i KON-3 bez zmian.
`,
    });
    const text = (id: string) =>
      keptFragments(chunksOf(lexical, id), lexical)
        .map((f) => f.body)
        .join('\n');
    // The rent the annex states in the same sentence is a change: the old one is not kept.
    expect(text('2031-08-03-01')).not.toContain('4800');
    expect(text('2031-08-03-01')).toContain('Kaucja: dwa czynsze');
    expect(text('2031-08-03-01')).toContain('Sprzątanie klatki');
    // A list of codes kept, past the commas; not the part with a price.
    expect(text('2031-09-01-01')).toMatch(/KON-1: 300 zł[\s\S]*KON-2: 400 zł[\s\S]*KON-3: 500 zł/u);
    expect(text('2031-09-01-01')).not.toContain('600 zł');
  });

  it('keeps no old number of a thing the successor numbers anew, even beside what it keeps', async () => {
    const lexical = await ingestLog({
      '2031-01-19-01-najem.md': `---
id: 2031-01-19-01
data: 2031-01-19
tytul: Najem lokalu przy Długiej
---
## DECYZJA
- Czynsz: 6100 zł netto, płatny do 10. dnia miesiąca.
- Kaucja: 12 200 zł.
`,
      '2031-07-01-01-waloryzacja.md': `---
id: 2031-07-01-01
data: 2031-07-01
tytul: Waloryzacja czynszu przy Długiej
zastepuje: 2031-01-19-01
---
## DECYZJA
- Od sierpnia czynsz wynosi 6300 zł netto miesięcznie.
- Termin płatności i kaucja bez zmian.
`,
      '2031-01-07-01-torty.md': `---
id: 2031-01-07-01
data: 2031-01-07
tytul: Cennik tortów
---
## DECYZJA
- TU-1: 180 zł netto, 12 porcji.
- TW-2: 450 zł netto, 40 porcji.
`,
      '2031-10-01-01-torty.md': `---
id: 2031-10-01-01
data: 2031-10-01
tytul: Nowe ceny tortów
zastepuje: 2031-01-07-01
---
## DECYZJA
- TU-1: 200 zł netto.
- TW-2: bez zmian, 450 zł netto.
`,
      '2031-09-01-01-kaucja.md': `---
id: 2031-09-01-01
data: 2031-09-01
tytul: Wyższa kaucja przy Długiej
zastepuje: 2031-01-19-01
---
## DECYZJA
- Od września kaucja wynosi 13 000 zł.
- Czynsz bez zmian.
`,
    });
    const text = (id: string) =>
      keptFragments(chunksOf(lexical, id), lexical)
        .map((f) => f.body)
        .join('\n');
    // A code kept with its value restated ("TW-2: bez zmian, 450 zł netto") keeps its sentence.
    expect(text('2031-10-01-01')).toContain('TW-2: 450 zł netto, 40 porcji');
    // The rent is numbered anew: its old sentence is no kept fact, though it states the payment term too.
    expect(text('2031-07-01-01')).not.toContain('6100');
    expect(text('2031-07-01-01')).toContain('Kaucja: 12 200 zł');
    // A thing kept by name keeps its number where the successor gives it none; the one numbered anew does not.
    expect(text('2031-09-01-01')).toContain('6100 zł');
    expect(text('2031-09-01-01')).not.toContain('12 200');
  });

  it('is nothing where "bez zmian" governs a noun ("bez zmian godziny") or nothing is kept', async () => {
    const lexical = await ingest();
    expect(keptFragments(chunksOf(lexical, '2031-06-01-01'), lexical)).toEqual([]);
    expect(keptFragments(chunksOf(lexical, '2031-01-07-01'), lexical)).toEqual([]);
  });

  it('answers a question about the present with the kept sentence, told with the decision that keeps it', async () => {
    const lexical = await ingest();
    const analysis = analyzeQuery('ile kosztuje tort weselny TW-2?', { today: '2031-11-28' });
    const current = chunksOf(lexical, '2031-10-05-01').map((c, i) => chunkFragment(c, i));
    const sources = withKeptFacts(
      gatherSources(current, (d) => lexical.documentChunks(d), 5),
      lexical,
      analysis,
    );
    const options = { semantic: false, totalChunks: lexical.size };
    const plan = planEvidence(
      analysis,
      checkSources(analysis, sources, () => 0, options),
      options,
    );
    expect(plan.refused).toBe(false);
    const answer = composeFromPlan(
      'ile kosztuje tort weselny TW-2?',
      analysis,
      plan,
      sources.flatMap((s) => s.fragments),
    );
    expect(answer).toContain('450 zł (2031-01-07-01)');
    expect(answer).toContain('TW-2 nadal bez zmian (2031-10-05-01)');
    expect(answer).not.toMatch(/220 zł|sprzeczne/u);
    // A question about something the kept sentences do not speak of brings none of them.
    const other = analyzeQuery('jakie decyzje podjęliśmy w grudniu?', { today: '2031-11-28' });
    expect(
      withKeptFacts(
        gatherSources(current, (d) => lexical.documentChunks(d), 5),
        lexical,
        other,
      )[0]!.fragments.map((f) => f.metadata.decisionId),
    ).toEqual(['2031-10-05-01', '2031-10-05-01']);
  });
});

describe('a code named with a period', () => {
  it('brings back the decision in force in the period, not a later one carrying the code', async () => {
    const lexical = await ingest();
    const ids = async (q: string) => (await retrieve(q, { mode: 'bm25', k: 5, today: '2031-11-28' }, { lexical })).fragments.map((f) => f.metadata.decisionId);
    const early = await ids('ile kosztował tort TU-1 na początku roku?');
    expect(early[0]).toBe('2031-01-07-01');
    expect(early).not.toContain('2031-04-01-01');
    expect(early).not.toContain('2031-10-05-01');
    // Without a period the named code still brings its decisions, replaced ones too.
    expect(await ids('co ustala decyzja 2031-04-01-01?')).toContain('2031-04-01-01');
    expect(await ids('ile kosztował tort TU-1?')).toContain('2031-04-01-01');
  });
});

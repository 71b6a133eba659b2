import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NIE_WIEM } from '../../src-shared/constants';
import type { AnswerResult } from '../../src-shared/answer';
import type { ChunkMetadata, Fragment } from '../../src-shared/types';
import { compressFragments, unitsOf } from '../../src-main/core/answer/compress';
import { checkSources, planEvidence } from '../../src-main/core/answer/evidence';
import { namesIn } from '../../src-main/core/answer/evidence-match';
import { gatherSources, withPredecessors } from '../../src-main/core/answer/sources';
import { ExtractiveGenerator, composeFromPlan, moneyIn, tableQuestionKind, yesNo } from '../../src-main/core/answer/extractive';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { checkEndpointUrl } from '../../src-main/core/answer/endpoint';
import { buildContext } from '../../src-main/core/answer/prompt';
import { citationLabel, detectTableRows, numbersIn } from '../../src-main/core/answer/text';
import { answerSentences, splitLineIntoSentences } from '../../src-main/core/text/sentences';
import { identifiersIn } from '../../src-main/core/text/identifiers';
import { cutAfterNieWiem, verifyAnswer } from '../../src-main/core/answer/verify';
import { buildSnapshot, canonicalJson, sha256, verifySnapshot } from '../../src-main/core/audit/snapshot';
import { createLexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import { chunkMetadata } from '../helpers/chunks';
import { chunkId } from '../../src-shared/chunk-id';

function meta(over: Partial<ChunkMetadata>): ChunkMetadata {
  return chunkMetadata('doc1', { source: '/docs/x.pdf', fileName: 'x.pdf', checksum: 'c0ffee', format: 'pdf', section: 'Lista', breadcrumb: ['Lista'], tokenCount: 100, ...over });
}

function frag(id: string, body: string, over: Partial<ChunkMetadata> = {}, rank = 1): Fragment {
  const m = meta(over);
  return { id, text: `${m.breadcrumb.join(' > ')}\n${body}`, body, metadata: m, scores: { dense: 0.9 }, rank };
}

const ROWS = Array.from({ length: 12 }, (_, i) => {
  const n = String(i + 1).padStart(3, '0');
  return `ST${n} | Osoba ${i + 1} | stanowisko | ${1000 + i * 100},00 | 100,00 | 50,00 | ${1050 + i * 100},00`;
});
const PAYROLL = [
  'Lista płac nr 04/2025 za okres od 1 do 30 kwietnia 2025 r., ul. Ruska 22/4, 50-079 Wrocław.',
  'Nr | Imię i nazwisko | Stanowisko | Brutto | Premia | Potrącenia | Do wypłaty',
  ...ROWS,
  'Razem | 19 200,00 | 1 200,00 | 600,00 | 19 800,00',
  'Wynagrodzenia zostaną przelane na rachunki pracowników do 10 maja 2025 r. Prezes nie jest ujęta na liście.',
].join('\n');

describe('table rows', () => {
  it('finds the 12 data rows and the total, not the prose line full of numbers', () => {
    const rows = detectTableRows(PAYROLL);
    expect(rows.filter((r) => !r.summary).map((r) => r.cells[0])).toEqual(ROWS.map((r) => r.split(' | ')[0]));
    expect(rows.filter((r) => r.summary).map((r) => r.cells[0])).toEqual(['Razem']);
  });

  it('never takes prose paragraphs quoting figures for rows, and keeps plain-text rows of a PDF', () => {
    const prose = [
      'W marcu sprzedaliśmy 120 kg chleba, 80 kg bułek i 45 tortów za ok. 9 800 zł. Piekarnia działała 26 dni.',
      'Koszty wyniosły 4 200 zł za mąkę, 1 900 zł za prąd, 3 000 zł czynszu i 700 zł za dostawy.',
      'Na kwiecień zamówiliśmy 300 kg mąki, 40 kg drożdży i 12 worków cukru za łącznie 2 400 zł',
      'Drugi sklep przy Długiej sprzedał 60 kg chleba i 30 tortów, razem 4 100 zł. Otwarty był 24 dni.',
    ].join('\n');
    expect(detectTableRows(prose)).toEqual([]);
    expect(unitsOf(prose).map((u) => u.kind)).not.toContain('table-row');
    const pdfRows = ['1 Jan Nowak piekarz 5 200,00 400,00 5 600,00', '2 Ewa Lis sprzedawczyni 4 300,00 0,00 4 300,00', '3 Piotr Wrona kierowca 4 800,00 200,00 5 000,00'].join(
      '\n',
    );
    expect(detectTableRows(pdfRows)).toHaveLength(3);
  });

  it('reads the first line of a table of words as its header, never as a statement', () => {
    const books = [
      'Kurs | Podręcznik | Wydawnictwo | Cena',
      'ANG-1 | English File | Oxford | 149 zł',
      'NIEM-1 | Schritte | Hueber | 139 zł',
      'Zeszyty ćwiczeń są obowiązkowe tylko dla dzieci.',
    ];
    expect(unitsOf(books.join('\n')).map((u) => u.kind)).toEqual(['table-header', 'prose', 'prose', 'prose']);
    // Negatives: a lone line with bars, and a first line with a figure, are what they say.
    expect(unitsOf('Sala A | Sala B | Sala C to nasze trzy pokoje.').map((u) => u.kind)).toEqual(['prose']);
    expect(unitsOf(['Rok 2025 | 40 osób | 12 grup', 'Rok 2026 | 55 osób | 15 grup'].join('\n'))[0]!.kind).not.toBe('table-header');
  });

  it('reads Polish amounts as one number each and codes as none', () => {
    expect(numbersIn('ST002 | 7 450,00 | 400,00 dnia 2026-03-09 i 1:1')).toEqual(['7 450,00', '400,00', '2026-03-09', '1:1']);
    expect(identifiersIn('Umowa UM/2026/014 (2026-03-09-01), pracownik ST012, NIP: 8943112076')).toEqual(['2026-03-09-01', 'UM/2026/014', 'ST012', '8943112076']);
  });
});

describe('compression', () => {
  it('keeps all 12 table rows in document order under a tight budget and drops prose', () => {
    const r = compressFragments('Ile osób jest na liście płac?', [frag('doc1#0', PAYROLL)], { budgetChars: 100 });
    expect(r.tableRowsKept).toBe(13); // 12 rows + the total
    expect(r.fragments[0]!.body).toBe(
      ['Nr | Imię i nazwisko | Stanowisko | Brutto | Premia | Potrącenia | Do wypłaty', ...ROWS, 'Razem | 19 200,00 | 1 200,00 | 600,00 | 19 800,00'].join('\n'),
    );
    expect(r.sentencesKept).toBe(0);
    expect(r.sentencesDropped).toBe(3); // "ul. Ruska" is an abbreviation, not a sentence end
    expect(r.charsBefore).toBe(PAYROLL.length);
  });

  it('ranks prose by relevance but puts the chosen sentences back in document order', () => {
    const body = 'Kupiliśmy ekspres do kawy. Rower cargo kosztował 9000 zł. Pogoda była ładna. Rower służy do dojazdów.';
    const r = compressFragments('ile kosztował rower cargo?', [frag('d#0', body)], { budgetChars: 70 });
    expect(r.fragments[0]!.body).toBe('Rower cargo kosztował 9000 zł. Rower służy do dojazdów.');
    expect(r.sentencesKept).toBe(2);
  });

  it('by default budgets the chunk ceiling per fragment and keeps short fragments whole', () => {
    const r = compressFragments('pytanie', [frag('a#0', 'Jedno zdanie.'), frag('b#0', 'Drugie zdanie.')]);
    expect(r.budget).toBe(3000);
    expect(r.charsAfter).toBe(r.charsBefore);
  });
});

const INVOICE = [
  'Data sprzedaży (wykonania usługi): 27.03.2025',
  'Sprzedawca: | Nabywca:',
  'Pracownia Kodu sp. z o.o. | Logistyka Odra-Trans sp. z o.o.',
  'ul. Ruska 22/4 | ul. Kosmonautów 112',
  'NIP: 8971843260 | NIP: 8943112076',
  'Lp. | Nazwa | Ilość | Netto | Brutto',
  '1 | Szkolenie | 1 | 11 800,00 | 14 514,00',
  '2 | Ćwiczenia | 1 | 1 080,00 | 1 328,40',
  '3 | Sprzęt | 3 | 750,00 | 922,50',
  'Do zapłaty: 17 318,40 zł',
].join('\n');

describe('label/value layout', () => {
  it('pairs each label with the cells beneath it and leaves the table alone', () => {
    const units = unitsOf(INVOICE);
    expect(units.filter((u) => u.kind === 'field').map((u) => u.text)).toEqual([
      'Sprzedawca: Pracownia Kodu sp. z o.o., ul. Ruska 22/4, NIP: 8971843260.',
      'Nabywca: Logistyka Odra-Trans sp. z o.o., ul. Kosmonautów 112, NIP: 8943112076.',
    ]);
    expect(units.filter((u) => u.kind === 'table-row')).toHaveLength(3);
    expect(units.some((u) => u.text.startsWith('Pracownia Kodu'))).toBe(false);
  });

  it('answers "who is the buyer" with the buyer field, which verifies', async () => {
    const q = 'Kto jest nabywcą i ile wynosi kwota do zapłaty?';
    const c = compressFragments(q, [frag('inv#0', INVOICE, { fileName: 'FV-1.pdf', section: 'Faktura', breadcrumb: ['Faktura'] })]);
    const out = await new ExtractiveGenerator().generate({ question: q, today: '2025-05-01', fragments: c.fragments, context: '' });
    expect(out.text).toContain('Nabywca: Logistyka Odra-Trans sp. z o.o., ul. Kosmonautów 112, NIP: 8943112076 (FV-1.pdf, Faktura).');
    expect(out.text).toContain('Do zapłaty: 17 318,40 zł (FV-1.pdf, Faktura).');
    expect((await verifyAnswer(out.text, c.fragments)).ok).toBe(true);
  });

  it('does not end a sentence at an abbreviation', () => {
    expect(splitLineIntoSentences('Biuro: ul. Ruska 22, tel. 71 000 00 00. Nowe biuro od maja.')).toEqual(['Biuro: ul. Ruska 22, tel. 71 000 00 00.', 'Nowe biuro od maja.']);
    expect(answerSentences('Nabywca: Odra sp. z o.o., ul. Kosmonautów 1 (FV-1.pdf). Kwota: 10 zł (FV-1.pdf).')).toEqual([
      'Nabywca: Odra sp. z o.o., ul. Kosmonautów 1 (FV-1.pdf).',
      'Kwota: 10 zł (FV-1.pdf).',
    ]);
  });
});

describe('extractive generator', () => {
  it('counts the table rows across two chunks of one table and lists their keys', async () => {
    const lines = PAYROLL.split('\n');
    const a = frag('doc1#0', lines.slice(0, 10).join('\n'), { chunkIndex: 0, chunkTotal: 2 });
    const b = frag('doc1#1', lines.slice(10).join('\n'), { chunkIndex: 1, chunkTotal: 2 }, 2);
    const c = compressFragments('Ilu pracowników jest na liście płac?', [a, b]);
    const g = new ExtractiveGenerator();
    const out = await g.generate({ question: 'Ilu pracowników jest na liście płac?', today: '2025-05-01', fragments: c.fragments, context: buildContext(c.fragments) });
    expect(out.text).toBe(`„Lista” zawiera 12 pozycji (wierszy danych tabeli): ${ROWS.map((r) => r.split(' | ')[0]).join(', ')} (x.pdf, Lista).`);
    const v = await verifyAnswer(out.text, c.fragments);
    expect(v.ok).toBe(true);
  });

  it('sums the column the question names and checks it against the total row', async () => {
    const c = compressFragments('Ile łącznie wynosi do wypłaty?', [frag('doc1#0', PAYROLL)]);
    const out = await new ExtractiveGenerator().generate({ question: 'Ile łącznie wynosi kwota do wypłaty?', today: '2025-05-01', fragments: c.fragments, context: '' });
    expect(out.text).toBe('Suma kolumny „Do wypłaty” z 12 wierszy tabeli „Lista” wynosi 19 200,00; uwaga: wiersz „Razem” podaje 19 800,00 (x.pdf, Lista).');
  });

  it('knows count and sum questions from amount questions', () => {
    expect(tableQuestionKind('Ilu pracowników jest na liście płac za kwiecień 2025?')).toBe('count');
    expect(tableQuestionKind('Ile łącznie wynosi kwota do wypłaty dla wszystkich pracowników?')).toBe('sum');
    expect(tableQuestionKind('ile kosztuje jedno stanowisko w licencji?')).toBeUndefined();
  });
});

describe('refusal cut', () => {
  it('cuts everything after "Nie wiem" and counts it', () => {
    const r = cutAfterNieWiem(`${NIE_WIEM} Ale chyba kupiliśmy Toyotę (2026-01-01-01).`);
    expect(r).toEqual({ refused: true, answer: NIE_WIEM, charsCut: ' Ale chyba kupiliśmy Toyotę (2026-01-01-01).'.length });
    expect(cutAfterNieWiem('Nie wiem, ale może 5 zł.')).toEqual({ refused: true, answer: NIE_WIEM, charsCut: ' ale może 5 zł.'.length });
    expect(cutAfterNieWiem('Kupiliśmy rower (2026-01-01-01).').refused).toBe(false);
  });
});

describe('verification', () => {
  const f1 = frag('d1#0', 'Kupujemy rower cargo za 9000 zł netto.', {
    docId: 'd1',
    decisionId: '2026-05-19-01',
    date: '2026-05-19',
    format: 'decision',
    fileName: 'a.md',
    section: 'DECYZJA',
    breadcrumb: ['Decyzja 2026-05-19-01 z 2026-05-19: Rower', 'DECYZJA'],
  });
  const f2 = frag('d2#0', 'Spotkania z klientami odbywam na mieście.', {
    docId: 'd2',
    decisionId: '2026-06-01-01',
    date: '2026-06-01',
    format: 'decision',
    fileName: 'b.md',
    section: 'TL;DR',
    breadcrumb: ['Decyzja 2026-06-01-01', 'TL;DR'],
  });
  const cf = compressFragments('rower', [f1, f2]).fragments;

  it('accepts a supported, cited sentence', async () => {
    const v = await verifyAnswer('Kupujemy rower cargo za 9000 zł netto (2026-05-19-01).', cf);
    expect(v).toMatchObject({ ok: true, checked: 1, failed: [] });
  });

  it('rejects a number the cited fragment does not contain', async () => {
    const v = await verifyAnswer('Kupujemy rower cargo za 12000 zł netto (2026-05-19-01).', cf);
    expect(v.failed).toEqual([{ sentence: 'Kupujemy rower cargo za 12000 zł netto (2026-05-19-01).', reason: 'liczba 12000 nie występuje w cytowanym fragmencie' }]);
  });

  it('rejects a number that is in another fragment than the cited one', async () => {
    const v = await verifyAnswer('Spotkania z klientami kosztują 9000 zł (2026-06-01-01).', cf);
    expect(v.ok).toBe(false);
  });

  it('rejects a citation of an ID that was not among the fragments', async () => {
    const v = await verifyAnswer('Kupujemy rower cargo za 9000 zł netto (2026-01-01-01).', cf);
    expect(v.failed[0]!.reason).toBe('cytuje źródło spoza fragmentów: 2026-01-01-01');
  });

  it('rejects a sentence without citation and one whose words are not in the cited fragment', async () => {
    const v = await verifyAnswer('Kupujemy rower cargo. Jeździmy samochodem służbowym Toyota (2026-05-19-01).', cf);
    expect(v.failed.map((f) => f.reason)).toEqual(['zdanie bez cytowania', 'cytowany fragment nie zawiera treści zdania (pokrycie 0.00 < 0.6)']);
  });

  it('checks the "Tak."/"Nie." of a yes/no answer with the cited sentence after it, and refuses it alone', async () => {
    expect(answerSentences('Nie. Jeździmy rowerem cargo (2026-05-19-01).')).toEqual(['Nie. Jeździmy rowerem cargo (2026-05-19-01).']);
    expect(answerSentences('Tak.\nNie.')).toEqual(['Tak.', 'Nie.']);
    const ok = await verifyAnswer('Tak. Kupujemy rower cargo za 9000 zł netto (2026-05-19-01).', cf);
    expect(ok.failed).toEqual([]);
    expect((await verifyAnswer('Tak.', cf)).failed.map((f) => f.reason)).toEqual(['zdanie bez cytowania']);
  });

  it('cites a document without headings by its file name once, and that citation verifies', async () => {
    const plain = frag('p#0', 'Zadania prowadzimy w Trello od października.', { fileName: 'notatki.docx', section: '', breadcrumb: ['notatki.docx'] });
    expect(citationLabel(plain)).toBe('notatki.docx');
    const v = await verifyAnswer('Zadania prowadzimy w Trello od października (notatki.docx).', compressFragments('zadania', [plain]).fragments);
    expect(v.failed).toEqual([]);
    // Negative: a section of its own still follows the file name.
    expect(citationLabel(frag('p#1', 'x', { fileName: 'notatki.docx', section: 'Zadania', breadcrumb: ['notatki.docx', 'Zadania'] }))).toBe('notatki.docx, Zadania');
  });

  it('keeps a citation with a section containing "1." in one sentence', () => {
    expect(answerSentences('Ekran blokuje się po 5 minutach (p.pdf, 2. Zasady korzystania). Hasła mają 14 znaków (p.pdf, 2. Zasady korzystania).')).toEqual([
      'Ekran blokuje się po 5 minutach (p.pdf, 2. Zasady korzystania).',
      'Hasła mają 14 znaków (p.pdf, 2. Zasady korzystania).',
    ]);
  });
});

/** Decisions as a store would hold them: every section a chunk of its decision. */
function decision(id: string, sections: [string, string][], over: Partial<ChunkMetadata> = {}): Fragment[] {
  return sections.map(([section, body], i) =>
    frag(
      chunkId(id, i),
      body,
      {
        docId: id,
        decisionId: id,
        date: id.slice(0, 10),
        fileName: `${id}.md`,
        format: 'decision',
        section,
        breadcrumb: [id, section],
        chunkIndex: i,
        chunkTotal: sections.length,
        ...over,
      },
      i + 1,
    ),
  );
}

/** The sentence the evidence stage picks in the first source, for a question over these fragments (words only, no model). */
function bestSentenceIn(pool: Fragment[]): (question: string) => string | undefined {
  const by = (d: string) => pool.filter((f) => f.metadata.docId === d).map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata }));
  const options = { semantic: false, totalChunks: pool.length, threshold: Number.NEGATIVE_INFINITY };
  return (q) => {
    const analysis = analyzeQuery(q, { today: '2026-11-29', documentFrequency: () => 1 });
    return checkSources(analysis, gatherSources(pool, by, 5), () => 0, options)[0]!.best?.text;
  };
}

const RENT_A = decision('2026-01-21-01', [
  ['TL;DR', 'Czynsz za lokal w Śródmieściu wynosi 8900 zł netto miesięcznie.'],
  ['DLACZEGO', 'Właściciel podniósł stawki po remoncie kamienicy.'],
]);
const RENT_B = decision('2026-02-06-01', [
  ['TL;DR', 'Wynajmujemy drugi lokal na Zaspie za 6400 zł netto miesięcznie.'],
  ['KONTEKST', 'Na Zaspie jest parking dla klientów, 12 miejsc za darmo.'],
]);
const HOURS = decision('2026-03-02-01', [
  ['TL;DR', 'Punkt na Zaspie jest otwarty od poniedziałku do piątku.'],
  ['DECYZJA', 'W piątki pracujemy do 14:00, w pozostałe dni do 18:00.'],
]);
const ALL = [...RENT_A, ...RENT_B, ...HOURS];
const byDoc = (d: string) => ALL.filter((f) => f.metadata.docId === d).map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata }));

/** Plans over the fragments with lexical relevance (no model); threshold as the lexical gate. */
function plan(q: string, pool: Fragment[] = ALL) {
  const analysis = analyzeQuery(q, { today: '2026-11-29', names: undefined, documentFrequency: (t) => ALL.filter((f) => f.body.toLowerCase().includes(t.slice(0, 4))).length });
  const sources = gatherSources(pool, byDoc, 5);
  const options = { semantic: false, totalChunks: ALL.length };
  const checks = checkSources(analysis, sources, () => 0, options);
  return { analysis, checks, plan: planEvidence(analysis, checks, options) };
}

describe('evidence by constraint coverage', () => {
  it('gathers one source per decision with all its sections, in rank order', () => {
    const sources = gatherSources([RENT_B[1]!, RENT_A[0]!, RENT_B[0]!], byDoc, 5);
    expect(sources.map((s) => s.decisionId)).toEqual(['2026-02-06-01', '2026-01-21-01']);
    expect(sources[1]!.fragments.map((f) => f.id)).toEqual(['2026-01-21-01#0', '2026-01-21-01#1']);
  });

  it('answers from the decision carrying the named place, not from the better-ranked other one', () => {
    const { plan: p } = plan('ile płacimy za lokal na Zaspie?', [...RENT_A, ...RENT_B]);
    expect(p.refused).toBe(false);
    expect(p.chosen[0]!.source.decisionId).toBe('2026-02-06-01');
  });

  it('refuses naming what is missing when the place is never said with the thing asked', () => {
    const { plan: p } = plan('ile kosztuje parking w Śródmieściu?', [...RENT_A, ...RENT_B]);
    expect(p.refused).toBe(true);
    expect(p.reason).toMatch(/^Nie znalazłem: /);
    expect(p.missing.join(' ')).toContain('parking');
  });

  it('refuses when no sentence of the source carries the expected answer type', () => {
    const { plan: p } = plan('do której godziny pracuje właściciel kamienicy?', RENT_A);
    expect(p.refused).toBe(true);
    expect(p.missing).toContain('godzina');
  });

  it('refuses when not one word of what is asked occurs in the documents', () => {
    const analysis = analyzeQuery('ile kosztuje licówka porcelanowa?', { today: '2026-11-29', documentFrequency: () => 0 });
    const options = { semantic: false, totalChunks: ALL.length, threshold: Number.NEGATIVE_INFINITY };
    const p = planEvidence(
      analysis,
      checkSources(analysis, gatherSources(ALL, byDoc, 5), () => 0, options),
      options,
    );
    expect(p.refused).toBe(true);
    expect(p.reason).toBe('Nie znalazłem: licówka porcelanowa.');
  });

  it('does not take an amount said about another person for the one the question names', () => {
    const staff = decision('2026-02-02-01', [
      ['TL;DR', 'Recepcję przejmuje Zuzanna Pietrzak za 5200 zł brutto.'],
      ['DECYZJA', 'Wynagrodzenie bez zmian: Marek dostaje 40% przychodu z napraw.'],
      ['KONTEKST', 'Telefon odbiera teraz asystentka Julia, która nie nadąża.'],
    ]);
    const analysis = analyzeQuery('ile zarabia Julia?', { today: '2026-11-29', documentFrequency: () => 1 });
    const options = { semantic: false, totalChunks: 2, threshold: Number.NEGATIVE_INFINITY };
    const [check] = checkSources(
      analysis,
      gatherSources(staff, () => [], 5),
      () => 0,
      options,
    );
    expect(check!.missingEntities).toEqual([]);
    expect(check!.best).toBeUndefined();
    expect(check!.passes).toBe(false);
  });

  it('answers from the source the question names: the decision with that ID, the one titled with the code', () => {
    const notice = decision('2026-11-16-01', [['TL;DR', 'W święta klienci z karnetem KR-10 mogą przyjść na dyżur od 9:00 do 15:00.']], { title: 'Dyżury świąteczne' });
    const pass = decision('2026-02-18-01', [['TL;DR', 'Karnet KR-10 obejmuje dziesięć wejść na siłownię i dwie konsultacje z trenerem.']], { title: 'Karnet KR-10 za 199 zł' });
    const successor = decision('2026-05-04-01', [['TL;DR', 'Zmieniamy decyzję 2026-02-18-01: karnet obejmuje teraz dwanaście wejść.']], { title: 'Więcej wejść w karnecie' });
    const pool = [...notice, ...successor, ...pass];
    const by = (d: string) => pool.filter((f) => f.metadata.docId === d).map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata }));
    const options = { semantic: false, totalChunks: pool.length, threshold: Number.NEGATIVE_INFINITY };
    const choose = (q: string) => {
      const analysis = analyzeQuery(q, { today: '2026-11-29', documentFrequency: () => 1 });
      return planEvidence(
        analysis,
        checkSources(analysis, gatherSources(pool, by, 5), () => 0, options),
        options,
      ).chosen[0]?.source.decisionId;
    };
    expect(choose('co obejmuje karnet KR-10?')).toBe('2026-02-18-01');
    expect(choose('co ustala decyzja 2026-02-18-01?')).toBe('2026-02-18-01');
    // Negative: without a named source, the retrieval order decides.
    expect(choose('co obejmuje karnet na siłownię?')).toBe('2026-11-16-01');
  });

  it('answers a price only with money: a percentage does not say what something costs', () => {
    const notes = [
      frag('n#0', 'Najlepiej sprzedawały się warsztaty z ceramiki i kurs akwareli dla dzieci.\nCelem na przyszły rok jest wzrost udziału zajęć firmowych do 40% przychodów.', {
        fileName: 'notatki.docx',
        section: 'Spotkanie',
        breadcrumb: ['Spotkanie'],
      }),
    ];
    const by = () => notes.map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata }));
    const options = { semantic: false, totalChunks: 1, threshold: Number.NEGATIVE_INFINITY };
    const check = (q: string) => {
      const analysis = analyzeQuery(q, { today: '2026-11-29', documentFrequency: () => 1 });
      return checkSources(analysis, gatherSources(notes, by, 5), () => 0, options)[0]!;
    };
    for (const q of ['ile kosztuje kurs akwareli?', 'za ile jest kurs akwareli?', 'jaka jest cena kursu akwareli?', 'po ile sprzedajemy kurs akwareli?']) {
      expect(check(q).best, q).toBeUndefined();
    }
    // Negative: a share is an amount when the question asks for one ("jaki udział", "ile wynosi udział").
    expect(check('ile ma wynosić udział zajęć firmowych w przychodach?').best?.text).toContain('40%');
  });

  it('answers from a document only with a sentence, section heading or table that carries a word of the question', () => {
    const handbook = [
      frag('h#0', 'Każdy nowy pracownik dostaje laptop i identyfikator pierwszego dnia.\nSzkolenie BHP trwa 3 godziny i odbywa się w sali 2.', {
        fileName: 'podrecznik.docx',
        section: 'Pierwszy dzień',
        breadcrumb: ['Podręcznik', 'Pierwszy dzień'],
      }),
      frag('h#1', 'Pracodawca oddaje 200 zł miesięcznie za bilet.\nOd drugiego miesiąca pracy.', {
        fileName: 'podrecznik.docx',
        section: 'Dojazdy',
        breadcrumb: ['Podręcznik', 'Dojazdy'],
      }),
    ];
    const by = () => handbook.map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata }));
    const options = { semantic: false, totalChunks: 2, threshold: Number.NEGATIVE_INFINITY };
    const best = (q: string) => {
      const analysis = analyzeQuery(q, { today: '2026-11-29', documentFrequency: () => 1 });
      return checkSources(analysis, gatherSources(handbook, by, 5), () => 0, options)[0]!.best?.text;
    };
    // The sentence itself carries "szkolenie"; the heading "Dojazdy" anchors "Pracodawca oddaje 200 zł".
    expect(best('ile godzin trwa szkolenie BHP?')).toContain('3 godziny');
    expect(best('ile dostaję za dojazdy?')).toContain('200 zł');
    // Negative: nothing about parking anywhere; an amount about commuting must not answer it.
    expect(best('ile kosztuje parking przy biurze?')).toBeUndefined();
  });

  it('answers "jaki X" only from a source that speaks of X; a list may gather instances under a wider word', () => {
    const oven = decision('2026-04-10-01', [['TL;DR', 'Kupujemy do piekarni na Zaspie piec konwekcyjny Rational za 41 000 zł netto od firmy Gastro-Tech.']], {
      title: 'Nowy piec',
    });
    const van = decision('2026-05-12-01', [['TL;DR', 'Bierzemy w leasing samochód dostawczy Ford Transit za 2100 zł netto miesięcznie.']], { title: 'Auto do rozwozu' });
    const pool = [...oven, ...van];
    const by = (d: string) => pool.filter((f) => f.metadata.docId === d).map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata }));
    const options = { semantic: false, totalChunks: pool.length, threshold: Number.NEGATIVE_INFINITY };
    const answer = (q: string) => {
      const analysis = analyzeQuery(q, { today: '2026-11-29', documentFrequency: () => 1 });
      const p = planEvidence(
        analysis,
        checkSources(analysis, gatherSources(pool, by, 5), () => 0, options),
        options,
      );
      return p.refused ? 'refused' : p.chosen.map((c) => c.source.decisionId).join(',');
    };
    expect(answer('jaki piec kupiliśmy do piekarni?')).toBe('2026-04-10-01');
    expect(answer('jaki samochód dostawczy mamy?')).toBe('2026-05-12-01');
    // Negatives: no decision speaks of a slicer or a scooter, however close the rest of the question is.
    expect(answer('jaką krajalnicę kupiliśmy do piekarni na Zaspie?')).toBe('refused');
    expect(answer('jaki skuter bierzemy w leasing?')).toBe('refused');
    // Without the determiner the kind is not required ("co kupiliśmy…" is answered by the oven).
    expect(answer('co kupiliśmy do piekarni na Zaspie?')).toBe('2026-04-10-01');
  });

  it('finds a joined name part by part, inflected, and refuses when another firm is named', () => {
    const delivery = decision('2026-06-01-01', [['TL;DR', 'Dowóz tortów do Bielska-Białej zleca hurtownia Mąka-Pol za 60 zł od kursu.']], { title: 'Dowóz' });
    const by = () => delivery.map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata }));
    const options = { semantic: false, totalChunks: 1, threshold: Number.NEGATIVE_INFINITY };
    const refused = (q: string) => {
      const analysis = analyzeQuery(q, { today: '2026-11-29', documentFrequency: () => 1 });
      return planEvidence(
        analysis,
        checkSources(analysis, gatherSources(delivery, by, 5), () => 0, options),
        options,
      ).refused;
    };
    expect(refused('ile kosztuje dowóz tortu do Bielsko-Biała?')).toBe(false);
    expect(refused('ile płacimy firmie Mąka-Pol za dowóz?')).toBe(false);
    // Negatives: the same question about a firm or a town the decision never names.
    expect(refused('ile płacimy firmie Chleb-Trans za dowóz?')).toBe(true);
    expect(refused('ile kosztuje dowóz tortu do Kędzierzyna-Koźla?')).toBe(true);
  });

  it('answers from a labelled item when its label names what the question asks about, not a word of a condition', () => {
    const bike = decision('2026-03-02-01', [
      ['TL;DR', 'Sprzedajemy rowery elektryczne Volt, a klient płaci za nie od 6900 zł.'],
      ['DECYZJA', '- Gwarancja: 2 lata na ramę i silnik.\n- Przegląd: pierwszy po 500 km, klient płaci 0 zł.'],
    ]);
    const best = bestSentenceIn(bike);
    // The summary carries more of the question's words; the item labelled "Gwarancja" says how long.
    expect(best('jak długa jest gwarancja na rowery elektryczne?')).toMatch(/^(?:- )?Gwarancja: 2 lata/u);
    expect(best('jaką gwarancję dajemy na rowery elektryczne?')).toMatch(/^(?:- )?Gwarancja: 2 lata/u);
    // "przegląd" is the condition, not what is asked: the label does not decide, the words do.
    expect(best('ile klient płaci za rower, jeśli zrobi przegląd?')).toMatch(/^Sprzedajemy rowery/u);
  });

  it("reads a list item's label as a name only when it is not a common noun", () => {
    expect(namesIn('- Zakres: razem 24 sesje po 200 zł.')).toEqual([]);
    expect(namesIn('- Terminy: wtorki, z Anną Nowak.')).toEqual(['Anną', 'Nowak']);
    expect(namesIn('- Wrzeszcz: odbiór co tydzień, 380 zł.')).toEqual(['Wrzeszcz']);
    expect(namesIn('Odbiór: Wrzeszcz co tydzień.')).toEqual(['Wrzeszcz']);
  });

  it("reads a sentence's first word as a name only when the dictionary knows it as nothing else, and a word after a bracket", () => {
    expect(namesIn('Kamil (Wrzeszcz): 7600 zł brutto miesięcznie.')).toEqual(['Kamil', 'Wrzeszcz']);
    expect(namesIn('Jeżyce 26 maja: 7:00–21:00, na zmianie trzy florystki.')).toEqual(['Jeżyce']);
    expect(namesIn('Bożena prowadzi kasę w soboty.')).toEqual(['Bożena']);
    // A common word, or a name that is also one ("marek", "oliwa", "sobota"), owes its capital to the sentence.
    expect(namesIn('Czynsz: 5200 zł netto.')).toEqual([]);
    expect(namesIn('Sobota: 8:00–13:00.')).toEqual([]);
    expect(namesIn('Oliwa z pierwszego tłoczenia kosztuje 40 zł.')).toEqual([]);
    expect(namesIn('Marek jest w delegacji.')).toEqual([]);
    expect(namesIn('Dostawy (we wtorki i piątki) przywozi kurier.')).toEqual([]);
  });

  it('reads a document heading that states a value as a sentence of its section, and a second question within the section across chunks', () => {
    const invoice = [
      frag('inv#0', 'Nabywca: Piekarnia Kłos sp. z o.o.', { fileName: 'fv.pdf', section: 'Faktura FV-7', breadcrumb: ['Faktura FV-7'], chunkIndex: 0 }),
      frag('inv#1', 'Fakturę wystawiła: Anna Nowak, księgowa.', {
        fileName: 'fv.pdf',
        section: 'Do zapłaty: 1 230,00 zł',
        breadcrumb: ['Faktura FV-7', 'Do zapłaty: 1 230,00 zł'],
        chunkIndex: 1,
      }),
      frag('inv#2', 'Termin płatności: 14 dni.', {
        fileName: 'fv.pdf',
        section: 'Do zapłaty: 1 230,00 zł',
        breadcrumb: ['Faktura FV-7', 'Do zapłaty: 1 230,00 zł'],
        chunkIndex: 2,
      }),
    ];
    const by = () => invoice.map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata }));
    const options = { semantic: false, totalChunks: invoice.length, threshold: Number.NEGATIVE_INFINITY };
    const analysis = analyzeQuery('kto wystawił fakturę FV-7 i ile wynosi kwota do zapłaty?', { today: '2026-11-29', documentFrequency: () => 1 });
    const [check] = checkSources(analysis, gatherSources(invoice, by, 5), () => 0, options);
    expect(check!.units.map((u) => u.text)).toContain('Do zapłaty: 1 230,00 zł');
    expect(check!.missingAlso).toBeUndefined();
  });

  it('answers "ile + noun" from a number that counts that noun', () => {
    const deal = decision('2026-03-10-01', [
      ['TL;DR', 'Podpisaliśmy umowę z piekarnią Kłos na 3 miesiące szkoleń dla piekarzy.'],
      ['DECYZJA', '- Zakres: razem 24 sesje po 200 zł.\n- Terminy: 2 dni w tygodniu, rano.'],
    ]);
    const best = bestSentenceIn(deal);
    expect(best('ile sesji obejmuje umowa z piekarnią Kłos?')).toMatch(/^(?:- )?Zakres: razem 24 sesje/u);
    expect(best('ile miesięcy trwa umowa z piekarnią Kłos?')).toMatch(/^Podpisaliśmy umowę/u);
    expect(best('ile dni w tygodniu są szkolenia w piekarni Kłos?')).toMatch(/^(?:- )?Terminy: 2 dni/u);
  });

  it('takes a value from outside the statement sections only when that sentence carries more of the question', () => {
    const tax = decision('2026-11-03-01', [
      ['TL;DR', 'Od stycznia przechodzę na podatek liniowy 19%.'],
      ['KONTEKST', 'Księgowa za prowadzenie pełnej księgi bierze 550 zł miesięcznie zamiast obecnych 350 zł.'],
      ['DLACZEGO', 'Księgowa poleciła liniowy, bo przy moich kosztach wychodzi taniej.'],
    ]);
    const best = bestSentenceIn(tax);
    expect(best('ile płacę księgowej miesięcznie za prowadzenie księgi?')).toMatch(/^Księgowa za prowadzenie/u);
    // The summary's value answers when nothing else carries more of the question.
    expect(best('ile wynosi podatek liniowy od stycznia?')).toMatch(/^Od stycznia przechodzę/u);
    // A description keeps its section: elsewhere the question's words are restated, not answered.
    expect(best('co poleciła księgowa w sprawie podatku?')).toMatch(/^Od stycznia przechodzę/u);
  });

  it('answers a coordinated second question too: "i ile kosztował" needs money in the same decision or section', () => {
    const oven = decision('2026-04-10-01', [
      ['TL;DR', 'Kupujemy do piekarni piec konwekcyjny Rational.'],
      ['KONTEKST', 'Stary piec psuł się co tydzień.'],
    ]);
    const mixer = decision('2026-05-02-01', [
      ['TL;DR', 'Kupujemy mikser planetarny Kenwood.'],
      ['DECYZJA', 'Mikser kosztuje 3900 zł netto, dostawa w maju.'],
    ]);
    const manual = [
      frag('m#0', 'Telefon służbowy wolno używać tylko z blokadą ekranu.', { fileName: 'regulamin.docx', section: 'Telefony', breadcrumb: ['Regulamin', 'Telefony'] }),
      frag('m#1', 'Abonament kosztuje 60 zł miesięcznie.', { fileName: 'regulamin.docx', section: 'Abonament', breadcrumb: ['Regulamin', 'Abonament'], chunkIndex: 1 }),
    ];
    const pool = [...oven, ...mixer, ...manual];
    const by = (d: string) => pool.filter((f) => f.metadata.docId === d).map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata }));
    const options = { semantic: false, totalChunks: pool.length, threshold: Number.NEGATIVE_INFINITY };
    const answer = (q: string, from: Fragment[]) => {
      const analysis = analyzeQuery(q, { today: '2026-11-29', documentFrequency: () => 1 });
      const p = planEvidence(
        analysis,
        checkSources(analysis, gatherSources(from, by, 5), () => 0, options),
        options,
      );
      return p.refused ? p.reason : p.chosen.map((c) => c.source.decisionId ?? c.source.fragments[0]!.metadata.fileName).join(',');
    };
    // The price sits in another section of the same decision: a decision is about one thing.
    expect(answer('jaki mikser kupiliśmy i ile kosztował?', mixer)).toBe('2026-05-02-01');
    expect(answer('jaki mikser kupiliśmy i za ile?', mixer)).toBe('2026-05-02-01');
    // Negatives: the decision never says what the oven cost; a document's price in another section is about something else.
    expect(answer('jaki piec kupiliśmy i ile kosztował?', oven)).toMatch(/^Nie znalazłem: .*kwota/u);
    expect(answer('jaki telefon służbowy mamy i ile kosztował?', manual)).toMatch(/^Nie znalazłem: /u);
    // Without the second question the oven decision answers.
    expect(answer('jaki piec kupiliśmy?', oven)).toBe('2026-04-10-01');
    // A second question of a type with no marker ("i dlaczego") asks for nothing the source must show.
    expect(answer('jaki piec kupiliśmy i dlaczego?', oven)).toBe('2026-04-10-01');
  });

  it('finds a name in the decision a successor replaces: the successor is about the same subject', () => {
    const before = decision('2026-01-10-01', [['TL;DR', 'Sklep przy Długiej jest otwarty od poniedziałku do soboty, 9:00–19:00.']], { title: 'Godziny sklepu na Starówce' });
    const summer = decision('2026-06-01-01', [['TL;DR', 'W lipcu i sierpniu sklep na Starówce pracuje do 17:00, a w soboty jest nieczynny.']], {
      title: 'Letnie godziny na Starówce',
      supersedes: '2026-01-10-01',
    });
    const other = decision('2026-06-02-01', [['TL;DR', 'W lipcu i sierpniu sklep w Oliwie pracuje do 16:00.']], { title: 'Letnie godziny w Oliwie' });
    const voucher = decision('2026-02-01-01', [['TL;DR', 'Bon BON-25 daje 25 zł rabatu w sklepie przy Długiej.']], { title: 'Bon' });
    const voucherEnd = decision('2026-07-01-01', [['TL;DR', 'Od lipca nie przyjmujemy już bonów.']], { title: 'Koniec bonów', supersedes: '2026-02-01-01' });
    const store = [...before, ...summer, ...other, ...voucher, ...voucherEnd];
    const lexical = createLexicalIndex({ filePath: path.join(os.tmpdir(), 'unused-predecessor.json') });
    lexical.addChunks(store.map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata })));
    const options = { semantic: false, totalChunks: store.length, threshold: Number.NEGATIVE_INFINITY };
    const check = (q: string, pool: Fragment[], link = true) => {
      const analysis = analyzeQuery(q, { today: '2026-07-15', documentFrequency: () => 1 });
      const gathered = gatherSources(pool, (d) => lexical.documentChunks(d), 5);
      const sources = link ? withPredecessors(gathered, lexical) : gathered;
      return checkSources(analysis, sources, () => 0, options)[0]!;
    };
    const q = 'do której jest otwarty sklep przy Długiej w wakacje?';
    const c = check(q, summer);
    expect(c.passes).toBe(true);
    expect(c.inheritedEntities).toEqual(['Długiej']);
    // Its own name for the place ("na Starówce") does not make the sentence about someone else.
    expect(c.best?.text).toContain('do 17:00');
    // Negatives: without the link the name is missing; a decision that replaces nothing gains nothing.
    expect(check(q, summer, false).missingEntities).toEqual(['Długiej']);
    expect(check(q, other).passes).toBe(false);
    // A code the predecessor carries is not the successor's: "bon BON-25" is the old decision's.
    expect(check('co ustala bon BON-25?', voucherEnd).missingEntities).toEqual(['BON-25']);
  });

  it('takes a name over from the replaced decision for a typed question only with a value of that type beside it', () => {
    const policies = decision('2026-03-02-01', [['TL;DR', 'Polecamy klientom polisę Pupil Start za 19 zł miesięcznie. Najwyższy wariant Pupil Max omawia z klientem agent.']], {
      title: 'Polisy dla zwierząt',
    });
    const update = decision('2026-08-17-01', [['TL;DR', 'Od września składka Pupil Komfort wynosi 42 zł miesięcznie, a Pupil Start nadal 19 zł.']], {
      title: 'Nowe składki polis',
      supersedes: '2026-03-02-01',
    });
    const store = [...policies, ...update];
    const lexical = createLexicalIndex({ filePath: path.join(os.tmpdir(), 'unused-inherited-value.json') });
    lexical.addChunks(store.map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata })));
    const options = { semantic: false, totalChunks: store.length, threshold: Number.NEGATIVE_INFINITY };
    const check = (q: string) => {
      const analysis = analyzeQuery(q, { today: '2026-11-28', documentFrequency: () => 1 });
      return checkSources(
        analysis,
        withPredecessors(
          gatherSources(update, (d) => lexical.documentChunks(d), 5),
          lexical,
        ),
        () => 0,
        options,
      )[0]!;
    };
    // "Pupil Max" was named with no price: the new prices of the others are not its.
    expect(check('ile kosztuje polisa Pupil Max?').missingEntities).toEqual(['Max']);
    // Asked untyped, the replacing decision still carries the matter on.
    expect(check('co z polisą Pupil Max?').missingEntities).toEqual([]);
  });

  it('refuses a code no fragment carries', () => {
    const { plan: p } = plan('co ustala umowa UM/2026/052?');
    expect(p.refused).toBe(true);
    expect(p.missing).toContain('UM/2026/052');
  });
});

describe('answers by answer type', () => {
  it('answers a single fact with the one sentence of the right type from one decision', () => {
    const { analysis, plan: p } = plan('do której jest otwarty punkt na Zaspie w piątki?', [...HOURS, ...RENT_B]);
    const text = composeFromPlan('do której jest otwarty punkt na Zaspie w piątki?', analysis, p, ALL);
    expect(text).toContain('W piątki pracujemy do 14:00, w pozostałe dni do 18:00 (2026-03-02-01).');
    expect(text).not.toContain('2026-02-06-01');
    expect(text.split(/(?<=\)\.)\s/u).length).toBeLessThanOrEqual(2);
  });

  it('starts a yes/no answer with Tak or Nie from negation of a word the question asserts', () => {
    const yn = (q: string, sentence: string) => yesNo(q, sentence);
    expect(yn('czy klienci mają parking?', 'Na Zaspie jest parking dla klientów.')).toBe('Tak');
    expect(yn('czy przyjmujemy dorosłych na NFZ?', 'Od lipca nie przyjmujemy dorosłych na NFZ.')).toBe('Nie');
    expect(yn('czy pacjent płaci, jak nie przyjdzie?', 'Za nieodwołaną wizytę pobieramy 150 zł.')).toBe('Tak');
    expect(yn('czy są raty bez odsetek?', 'Raty są bez odsetek.')).toBe('Tak');
    // Negation reaches the whole clause, not only the next two words; "nie tylko" negates nothing.
    expect(yn('czy dowozimy torty do klientów w Tyńcu?', 'Od maja nie dowozimy już zamówień klientom spoza Krakowa, w tym do Tyńca.')).toBe('Nie');
    expect(yn('czy serwisujemy rowery elektryczne?', 'Serwisujemy nie tylko rowery miejskie, ale też elektryczne.')).toBe('Tak');
    expect(yn('czy kancelaria prowadzi sprawy rozwodowe?', 'Nie prowadzimy spraw karnych, a sprawy rozwodowe prowadzi mec. Nowak.')).toBe('Tak');
    // A negated condition of the question is not what it asks about.
    expect(yn('czy klient płaci, jeśli nie odbierze tortu w terminie?', 'Tort nieodebrany w terminie klient opłaca w całości.')).toBe('Tak');
    expect(yn('czy klient płaci, jeśli nie odbierze tortu w terminie?', 'Za nieodebrany tort klient nie płaci, przepada tylko zaliczka.')).toBe('Nie');
    // "nie" negates its whole clause, the words before it too; a conjunction ends the clause.
    expect(yn('czy student dostanie zniżkę na tort weselny?', 'Na tort weselny nie ma zniżki studenckiej.')).toBe('Nie');
    expect(yn('czy tort weselny kosztuje 400 zł?', 'Tort weselny kosztuje 400 zł i nie wymaga zaliczki.')).toBe('Tak');
    // A label whose value is a negation, also one written as one word.
    expect(yn('czy klient może fotografować pracownię?', 'Fotografowanie pracowni: niedozwolone, także dla stałych klientów.')).toBe('Nie');
    expect(yn('czy klient może fotografować pracownię?', 'Fotografowanie pracowni: nie, bez wyjątków.')).toBe('Nie');
    expect(yn('czy klient może fotografować pracownię?', 'Fotografowanie pracowni: dozwolone po uzgodnieniu.')).toBe('Tak');
    expect(yn('czy pracujemy w niedzielę?', 'Niedziela: pracujemy od 8 do 12.')).toBe('Tak');
    // "bez-" or "nie-" fused with an adjective negates that adjective ("bezpłatny" is not "płatny").
    expect(yn('czy sprawdzenie poziomu jest płatne?', 'Test poziomujący jest bezpłatny i trwa 20 minut.')).toBe('Nie');
    expect(yn('czy parking dla gości jest płatny?', 'Parking dla gości jest płatny, 5 zł za godzinę.')).toBe('Tak');
    expect(yn('czy parking dla gości jest bezpłatny?', 'Parking dla gości jest bezpłatny.')).toBe('Tak');
    expect(yn('czy sala jest dostępna w weekendy?', 'W weekendy sala jest niedostępna.')).toBe('Nie');
    // Negatives: "bez" + a noun is no fused adjective; "bezpieczny" negates nothing.
    expect(yn('czy parking jest bezpieczny?', 'Parking jest bezpieczny i monitorowany.')).toBe('Tak');
  });

  it('lists one line per decision and sums amounts with every addend cited', () => {
    const q = 'ile razem płacimy miesięcznie za wynajem obu lokali?';
    const { analysis, plan: p } = plan(q, [...RENT_A, ...RENT_B]);
    expect(p.mode).toBe('sum');
    const text = composeFromPlan(q, analysis, p, ALL);
    expect(text.split('\n')[0]).toBe('Razem 15 300 zł = 8900 zł (2026-01-21-01) + 6400 zł (2026-02-06-01).');
    expect(moneyIn('Bilet kosztuje 1 250,50 zł, a karnet 90 zł.').map((m) => m.value)).toEqual([1250.5, 90]);
  });

  it("adds the summary's next sentence when the headline answers: the TL;DR's second sentence qualifies the first", () => {
    const holiday = decision('2026-11-16-01', [
      ['TL;DR', 'Sklep na Zaspie jest nieczynny od 24 grudnia do 1 stycznia. Punkt w Oliwie działa 28 i 29 grudnia w godzinach 10:00–14:00.'],
      ['DLACZEGO', 'Zespół potrzebuje odpoczynku po sezonie.'],
    ]);
    const pool = holiday;
    const by = () => pool.map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata }));
    const compose = (q: string, fragments: Fragment[] = pool) => {
      const analysis = analyzeQuery(q, { today: '2026-11-29', documentFrequency: () => 1 });
      const options = { semantic: false, totalChunks: pool.length, threshold: Number.NEGATIVE_INFINITY };
      const p = planEvidence(
        analysis,
        checkSources(analysis, gatherSources(fragments, by, 5), () => 0, options),
        options,
      );
      return composeFromPlan(q, analysis, p, fragments);
    };
    expect(compose('kiedy sklep jest nieczynny w święta?')).toBe(
      'Sklep na Zaspie jest nieczynny od 24 grudnia do 1 stycznia (2026-11-16-01). Punkt w Oliwie działa 28 i 29 grudnia w godzinach 10:00–14:00 (2026-11-16-01).',
    );
    // Negative: a document has no summary; its answer is not lengthened by the next sentence.
    const leaflet = [
      frag('l#0', 'Sklep jest nieczynny od 24 grudnia do 1 stycznia. Zespół potrzebuje odpoczynku po sezonie.', {
        fileName: 'ulotka.docx',
        section: 'Święta',
        breadcrumb: ['Ulotka', 'Święta'],
      }),
    ];
    expect(compose('kiedy sklep jest nieczynny w święta?', leaflet)).toBe('Sklep jest nieczynny od 24 grudnia do 1 stycznia (ulotka.docx, Święta).');
  });

  it('writes history answers as "Wcześniej … ; od …" with both decisions cited', async () => {
    const old = decision('2026-01-12-01', [['TL;DR', 'Higienizacja kosztuje 350 zł.']], { supersededBy: '2026-04-07-01', superseded: true });
    const now = decision('2026-04-07-01', [['TL;DR', 'Od kwietnia higienizacja kosztuje 390 zł.']], { supersedes: '2026-01-12-01' });
    const analysis = analyzeQuery('ile wcześniej kosztowała higienizacja?', { today: '2026-11-29' });
    const options = { semantic: false, totalChunks: 2 };
    const checks = checkSources(
      analysis,
      gatherSources([...old, ...now], () => [], 5),
      () => 0,
      options,
    );
    const p = planEvidence(analysis, checks, options);
    expect(p.mode).toBe('history');
    const text = composeFromPlan('ile wcześniej kosztowała higienizacja?', analysis, p, [...old, ...now], checks[1]);
    expect(text).toBe('Wcześniej: Higienizacja kosztuje 350 zł (2026-01-12-01). Od 2026-04-07: Od kwietnia higienizacja kosztuje 390 zł (2026-04-07-01).');
    const c = compressFragments('x', [...old, ...now]);
    expect((await verifyAnswer(text, c.fragments)).ok).toBe(true);
  });
});

describe('endpoint host policy', () => {
  it('allows localhost and refuses other hosts unless allowed', () => {
    expect(checkEndpointUrl('http://127.0.0.1:11434').hostname).toBe('127.0.0.1');
    expect(checkEndpointUrl('http://localhost:8080/v1').hostname).toBe('localhost');
    expect(() => checkEndpointUrl('https://api.example.com/v1')).toThrow(/nie jest tym komputerem/);
    expect(checkEndpointUrl('https://api.example.com/v1', true).hostname).toBe('api.example.com');
  });
});

describe('audit snapshot', () => {
  it('canonical JSON sorts keys at every level and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: undefined }, ä: 'x' })).toBe('{"a":{"d":[2,{"y":null,"z":1}]},"b":1,"ä":"x"}');
    expect(sha256('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  const f = frag('d1#0', 'Kupujemy rower cargo za 9000 zł netto.', {
    docId: 'd1',
    decisionId: '2026-05-19-01',
    fileName: 'a.md',
    breadcrumb: ['Decyzja 2026-05-19-01', 'DECYZJA'],
    section: 'DECYZJA',
  });
  const answer = {
    id: 'ans-1',
    status: 'answer',
    question: 'czym jeżdżę?',
    answer: 'Kupujemy rower cargo za 9000 zł netto (2026-05-19-01).',
    citations: [{ label: '2026-05-19-01', decisionId: '2026-05-19-01', fileName: 'a.md', section: 'DECYZJA', fragmentId: 'd1#0' }],
    fragments: [f],
    context: '[F1] cytuj: (2026-05-19-01)\nKupujemy rower cargo za 9000 zł netto.',
    prompt: '',
    today: '2026-11-29',
    createdAt: '2026-11-29T10:00:00.000Z',
    trace: { retrieval: { requestedMode: 'hybrid-rerank' }, generation: { generator: 'extractive' }, models: { embedder: 'e5' } },
  } as unknown as AnswerResult;

  it('verifies an untouched snapshot and the store it came from', async () => {
    const lexical = createLexicalIndex({ filePath: path.join(os.tmpdir(), `sciaga-snap-${process.pid}.json`) });
    lexical.addChunks([{ id: f.id, text: f.text, body: f.body, metadata: f.metadata }]);
    const json = JSON.stringify(buildSnapshot(answer, { k: 5 }), null, 2);
    const check = verifySnapshot(json, { lexical });
    expect(check.ok).toBe(true);
    expect(check.message).toContain('nienaruszona');

    // Drift: the store's fragment changed after the snapshot.
    lexical.addChunks([{ id: f.id, text: `${f.text} Zmiana.`, body: f.body, metadata: f.metadata }]);
    const drift = verifySnapshot(json, { lexical });
    expect(drift.ok).toBe(false);
    expect(drift.drift).toEqual(['Fragment d1#0 (a.md) ma w bazie inną treść niż w migawce.']);
  });

  it('detects an edited answer and an edited fragment', () => {
    const snap = buildSnapshot(answer);
    const editedAnswer = JSON.stringify({ ...snap, answer: 'Kupujemy samochód (2026-05-19-01).' });
    const r1 = verifySnapshot(editedAnswer);
    expect(r1.ok).toBe(false);
    expect(r1.tampered).toEqual(['Skrót całej migawki nie zgadza się: plik zmieniono po zapisaniu.']);

    const editedFragment = structuredClone(snap);
    editedFragment.fragments[0]!.text = editedFragment.fragments[0]!.text.replace('9000', '900');
    const r2 = verifySnapshot(JSON.stringify(editedFragment));
    expect(r2.tampered).toHaveLength(2);
    expect(r2.message).toContain('Wykryto zmiany w migawce');
  });
});

describe('answer is about what was asked', () => {
  const f = frag('p#0', 'ST008 | Rafał Górski | koordynator | 7 800,00 | 300,00 | 2 248,56 | 5 851,44', {
    fileName: 'lista.pdf',
    section: 'Lista płac — kwiecień 2025',
    breadcrumb: ['Lista płac — kwiecień 2025'],
  });
  const cf = compressFragments('premia', [f]).fragments;
  it('rejects an answer whose fragments are about another month than the question', async () => {
    const v = await verifyAnswer('ST008 | Rafał Górski | koordynator | 7 800,00 | 300,00 | 2 248,56 | 5 851,44 (lista.pdf, Lista płac — kwiecień 2025).', cf, {
      question: 'Ile wyniosła premia Rafała Górskiego za marzec 2025?',
    });
    expect(v.ok).toBe(false);
    expect(v.failed.at(-1)!.reason).toBe('cytowane fragmenty nie dotyczą miesiąca z pytania (3)');
  });
  it('accepts fragments whose span of months holds the month asked', async () => {
    const g = frag('r#0', 'Od 16 lutego do 30 kwietnia nie udzielamy urlopów wypoczynkowych.', { fileName: 'r.docx', section: 'Urlopy', breadcrumb: ['Urlopy'] });
    const c = compressFragments('urlop', [g]).fragments;
    const inside = await verifyAnswer('Nie. Od 16 lutego do 30 kwietnia nie udzielamy urlopów wypoczynkowych (r.docx, Urlopy).', c, {
      question: 'czy w marcu da się wziąć urlop?',
    });
    expect(inside.failed.map((x) => x.reason)).toEqual([]);
    const outside = await verifyAnswer('Nie. Od 16 lutego do 30 kwietnia nie udzielamy urlopów wypoczynkowych (r.docx, Urlopy).', c, {
      question: 'czy w czerwcu da się wziąć urlop?',
    });
    expect(outside.failed.at(-1)!.reason).toBe('cytowane fragmenty nie dotyczą miesiąca z pytania (6)');
  });
  it('rejects an answer without a number to an amount question', async () => {
    const g = frag('k#0', 'Na kursach używamy Pythona 3 i Node.js.', { fileName: 'k.docx', section: 'Instalacja', breadcrumb: ['Instalacja'] });
    const c = compressFragments('kurs', [g]).fragments;
    const v = await verifyAnswer('Na kursach używamy Pythona i Node.js (k.docx, Instalacja).', c, { question: 'ile kosztuje kurs Pythona?' });
    expect(v.failed.at(-1)!.reason).toBe('pytanie dotyczy kwoty lub liczby, a odpowiedź nie zawiera żadnej liczby');
  });
  it('reads a count written in words, for a count only', async () => {
    const reason = 'pytanie dotyczy kwoty lub liczby, a odpowiedź nie zawiera żadnej liczby';
    const g = frag('u#0', 'W lipcu na urlopie może być najwyżej jedna osoba z hali. Kurs trwa dwa dni. Urlopy zgłaszamy z wyprzedzeniem.', {
      fileName: 'u.docx',
      section: 'Urlopy',
      breadcrumb: ['Urlopy'],
    });
    const c = compressFragments('urlop', [g]).fragments;
    const count = await verifyAnswer('W lipcu na urlopie może być najwyżej jedna osoba z hali (u.docx, Urlopy).', c, { question: 'ilu ludzi z hali może naraz być na urlopie?' });
    expect(count.failed.map((x) => x.reason)).not.toContain(reason);
    // An amount is not written so, and a count answer needs a number of some kind.
    const amount = await verifyAnswer('Kurs trwa dwa dni (u.docx, Urlopy).', c, { question: 'ile kosztuje kurs?' });
    expect(amount.failed.map((x) => x.reason)).toContain(reason);
    const none = await verifyAnswer('Urlopy zgłaszamy z wyprzedzeniem (u.docx, Urlopy).', c, { question: 'ilu ludzi z hali może naraz być na urlopie?' });
    expect(none.failed.map((x) => x.reason)).toContain(reason);
  });
  it('reads a number in a parenthesis of the claim: only the citation is no answer', async () => {
    const g = frag('s#0', 'Kupuję karnet na basen (ok. 160 zł miesięcznie).', { fileName: 's.docx', section: 'Sport', breadcrumb: ['Sport'] });
    const c = compressFragments('basen', [g]).fragments;
    const v = await verifyAnswer('Kupuję karnet na basen (ok. 160 zł miesięcznie) (s.docx, Sport).', c, { question: 'ile wydaję miesięcznie na basen?' });
    expect(v.failed.map((x) => x.reason)).not.toContain('pytanie dotyczy kwoty lub liczby, a odpowiedź nie zawiera żadnej liczby');
  });
});

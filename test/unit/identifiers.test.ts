/**
 * The one identifier rule (core/text/identifiers.ts) as the question analysis, retrieval and the
 * answer's verification apply it: the same text gives the same identifiers everywhere.
 */
import { describe, expect, it } from 'vitest';
import type { ChunkMetadata, Fragment } from '../../src-shared/types';
import { compressFragments } from '../../src-main/core/answer/compress';
import { verifyAnswer } from '../../src-main/core/answer/verify';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { containsPhrase, extractIdentifiers, findIdentifiers, identifierPattern, identifiersIn, isValidNip, withoutIdentifiers } from '../../src-main/core/text/identifiers';
import { chunkMetadata } from '../helpers/chunks';

// Real NIPs from the public corpus invoices (their check digits are valid).
const VALID = ['8971843260', '8943112076', '7543018829', '6222704153'];

describe('NIP', () => {
  it('checks the check digit', () => {
    for (const n of VALID) expect(isValidNip(n)).toBe(true);
    expect(isValidNip('8971843261')).toBe(false);
    expect(isValidNip('123456789')).toBe(false);
    // Weighted sum ≡ 10 (mod 11) has no valid check digit.
    expect(isValidNip('0000000190')).toBe(false);
  });

  it('is found in its three written forms, labelled or by a valid check digit, and nowhere else', () => {
    expect(identifiersIn('NIP: 897-184-32-60')).toEqual(['8971843260']);
    expect(identifiersIn('NIP 897-18-43-260')).toEqual(['8971843260']);
    expect(identifiersIn('nip:8971843260')).toEqual(['8971843260']);
    // Unlabelled: the check digit decides (a phone or order number is not a NIP).
    expect(identifiersIn('Kontrahent 7543018829 zapłacił.')).toEqual(['7543018829']);
    expect(identifiersIn('Zamówienie 7543018828 zapłacono.')).toEqual([]);
    // Labelled but with a typo: still what the text (or the user) names.
    expect(identifiersIn('NIP: 7543018828')).toEqual(['7543018828']);
    expect(identifiersIn('konto 12345678901 i 897184326012')).toEqual([]);
  });

  it('is the same identifier in a question and in a document', () => {
    const q = 'czyj jest NIP 754-301-88-29?';
    expect(extractIdentifiers(q)).toEqual([{ value: '7543018829', kind: 'nip' }]);
    expect(analyzeQuery(q, { today: '2026-11-29' }).identifiers).toEqual([{ value: '7543018829', kind: 'nip' }]);
    const re = identifierPattern({ value: '7543018829', kind: 'nip' });
    expect(['NIP: 7543018829', 'NIP 754-301-88-29', '754-30-18-829'].every((t) => re.test(t))).toBe(true);
    expect(re.test('17543018829')).toBe(false);
  });
});

describe('decision IDs and codes', () => {
  it('finds them in questions in any case and in documents in upper case', () => {
    expect(extractIdentifiers('co ustala decyzja 2026-06-16-01 i umowa um/2026/014?')).toEqual([
      { value: '2026-06-16-01', kind: 'decision-id' },
      { value: 'um/2026/014', kind: 'code' },
    ]);
    expect(identifiersIn('co ustala decyzja 2026-06-16-01 i umowa um/2026/014?')).toEqual(['2026-06-16-01']);
    expect(identifiersIn('Umowa UM/2026/014 (2026-03-09-01), pracownik ST012, NIP: 8943112076')).toEqual(['2026-03-09-01', 'UM/2026/014', 'ST012', '8943112076']);
  });

  it('never takes a date, a plain number or a hyphenated word for a code, nor a code for two', () => {
    expect(findIdentifiers('Od 2026/05 do 12-05-2026, sesja 1:1, PR-y, covid-19', { anyCase: true })).toEqual([{ value: 'covid-19', kind: 'code' }]);
    expect(findIdentifiers('Od 2026/05 do 12-05-2026, sesja 1:1, PR-y, covid-19')).toEqual([]);
    // A number joined to an adjective is a compound adjective of a quantity; letters first, a code.
    expect(extractIdentifiers('ile płaci ubezpieczyciel za wizytę 45-minutową i za 5-osobowy pokój na 2-letnią umowę?')).toEqual([]);
    expect(extractIdentifiers('ile kosztuje 45-minutowa wizyta w pakiecie pak-10?')).toEqual([{ value: 'pak-10', kind: 'code' }]);
    // A code that embeds a decision ID is that decision, once.
    expect(identifiersIn('zob. DEC/2026-06-16-01')).toEqual(['2026-06-16-01']);
    // A NIP written 123-45-67-890 is a NIP, not also a code.
    expect(extractIdentifiers('NIP 897-18-43-260')).toEqual([{ value: '8971843260', kind: 'nip' }]);
  });

  it('blanks every written form of an identifier', () => {
    const ids = findIdentifiers('NIP 897-184-32-60, umowa UM/2026/014');
    expect(withoutIdentifiers('NIP 897-184-32-60, umowa UM/2026/014 i UM/2026/0145', ids).replace(/\s+/g, ' ')).toBe('NIP , umowa i UM/2026/0145');
  });
});

describe('verification uses the same rule', () => {
  const meta = (over: Partial<ChunkMetadata>): ChunkMetadata =>
    chunkMetadata('inv', {
      source: '/docs/FV-1.pdf',
      fileName: 'FV-1.pdf',
      checksum: 'c0ffee',
      format: 'pdf',
      section: 'Faktura',
      breadcrumb: ['Faktura'],
      tokenCount: 50,
      ...over,
    });
  const body = 'Nabywca: Logistyka Odra-Trans sp. z o.o., NIP: 894-311-20-76.';
  const f: Fragment = { id: 'inv#0', text: `Faktura\n${body}`, body, metadata: meta({}), scores: {}, rank: 1 };
  const cf = compressFragments('kto jest nabywcą?', [f]).fragments;

  it('accepts a NIP the cited fragment writes with hyphens', async () => {
    const v = await verifyAnswer('Nabywca: Logistyka Odra-Trans sp. z o.o., NIP: 894-311-20-76 (FV-1.pdf, Faktura).', cf);
    expect(v).toMatchObject({ ok: true, failed: [] });
  });

  it('rejects a NIP the cited fragment does not carry', async () => {
    const v = await verifyAnswer('Nabywca: Logistyka Odra-Trans sp. z o.o., NIP: 897-184-32-60 (FV-1.pdf, Faktura).', cf);
    expect(v.failed[0]?.reason).toBe('identyfikator 8971843260 nie występuje w cytowanym fragmencie');
  });
});

describe('a phrase written in a text as whole words', () => {
  it.each([
    ['co zrobiliśmy z praniem ręczników, skoro…', 'ręczników', true],
    ['ręczników', 'ręczników', true],
    ['apak-10 albo pak-10', 'pak-10', true],
    ['cena 10 zł', '10', true],
    // Inside a longer word or number it is not the phrase.
    ['ręcznikówka', 'ręczników', false],
    ['xręczników', 'ręczników', false],
    ['ręczników1', 'ręczników', false],
    ['cena 100 zł', '10', false],
    ['', 'ręczników', false],
  ])('"%s" holds "%s": %s', (text, phrase, expected) => {
    expect(containsPhrase(text, phrase)).toBe(expected);
  });
});

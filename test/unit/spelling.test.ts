/**
 * Words typed without Polish diacritics are read as the documents spell them. A guesthouse and a
 * bike workshop; none of the sentences come from the golden files.
 */
import { describe, expect, it } from 'vitest';
import { buildSpellingLexicon, mayNeedSpelling, withDocumentSpelling } from '../../src-main/core/query/spelling';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';

const lexicon = buildSpellingLexicon([
  'Goście płacą 40 zł za psa. Opłata za parking: 20 zł. Więcej miejsc mamy latem.',
  'Serwis rowerów: goście mają rabat 10%. Maja prowadzi recepcję, a sąd rejonowy jest obok.',
  'Za domem rośnie sad. Półka na kaski stoi przy wejściu; nowa półka przyjdzie w maju. Pólka to literówka.',
]);

describe('a word typed without diacritics', () => {
  it('is spelled as the documents spell it when it is no word form of its own', () => {
    expect(lexicon.restore('goscie')).toBe('goście');
    expect(lexicon.restore('Goscie')).toBe('Goście');
    expect(lexicon.restore('wiecej')).toBe('więcej');
  });

  it('stays as typed when the documents write it so, it has diacritics already, or they never write it', () => {
    // "sad" (an orchard) is written in the documents, beside "sąd".
    expect(lexicon.restore('sad')).toBeUndefined();
    // "maja" is written as the name "Maja", beside "mają".
    expect(lexicon.restore('maja')).toBeUndefined();
    expect(lexicon.restore('goście')).toBeUndefined();
    expect(lexicon.restore('hulajnoga')).toBeUndefined();
    // A plain form of its own: "oplata" of "oplatać", "polka" (the dance), "mamy" beside "mamą".
    expect(lexicon.restore('oplata')).toBeUndefined();
    expect(lexicon.restore('polka')).toBeUndefined();
  });

  it('takes the spelling the documents write most often', () => {
    const twice = buildSpellingLexicon(['Zażółcona kartka. Zazółcona kartka. Zażółcona teczka.']);
    expect(twice.restore('zazolcona')).toBe('zażółcona');
  });

  it('is restored in a whole question, which lists what changed', () => {
    expect(withDocumentSpelling('czy goscie maja wiecej miejsc latem?', lexicon)).toEqual({
      text: 'czy goście maja więcej miejsc latem?',
      changed: [
        ['goscie', 'goście'],
        ['wiecej', 'więcej'],
      ],
    });
    expect(withDocumentSpelling('ile kosztuje parking?', lexicon)).toEqual({ text: 'ile kosztuje parking?', changed: [] });
  });

  it('leaves a code and an acronym as typed: "KON-1" is no horse ("koń"), "SAD" no court', () => {
    // The dictionary spells "kon" as "koń" and "sad" beside "sąd"; in a code or in capitals they are letters of a name.
    const codes = buildSpellingLexicon(['Konsultacja KON-1 kosztuje 150 zł. Koń stoi w stajni. Sąd rejonowy jest obok.']);
    for (const q of ['ile kosztuje konsultacja KON-1?', 'ile kosztuje konsultacja kon-1?', 'co ustala umowa um/kon/12?', 'co z wnioskiem do SAD?'])
      expect(withDocumentSpelling(q, codes), q).toEqual({ text: q, changed: [] });
    // The same letters as a word of their own are still restored.
    expect(withDocumentSpelling('gdzie stoi kon?', codes).text).toBe('gdzie stoi koń?');
  });
});

describe('a word typed without diacritics that the documents never write', () => {
  // The words the documents use, by their analysed term, as the store's lexical index counts them.
  const used = new Set(['gość', 'podnośnik', 'wywóz']);
  const documentFrequency = (term: string) => ([...used].some((w) => analyzeWord(w) === term) ? 1 : 0);

  it('is spelled as the one form the dictionary knows', () => {
    expect(lexicon.restore('kupilismy')).toBe('kupiliśmy');
    expect(lexicon.restore('maszyne')).toBe('maszynę');
    expect(withDocumentSpelling('ile dalismy za nowa maszyne?', lexicon).text).toBe('ile daliśmy za nowa maszynę?');
  });

  it('of several forms the dictionary knows, is the one whose word the documents use, or stays', () => {
    // "wywoz": "wywóz", "wywoź", "wywóź"; the documents speak of "wywóz".
    expect(lexicon.restore('wywoz')).toBeUndefined();
    expect(lexicon.restore('wywoz', documentFrequency)).toBe('wywóz');
    // "trojke": "trójkę" and "trojkę", neither used: left as typed.
    expect(lexicon.restore('trojke', documentFrequency)).toBeUndefined();
  });
});

describe('the spelling lexicon', () => {
  it('is needed only for a question with a plain word that is no word form', () => {
    expect(mayNeedSpelling('czy goscie maja taniej?')).toBe(true);
    expect(mayNeedSpelling('ile kosztuje przegląd roweru?')).toBe(false);
    expect(mayNeedSpelling('czy mamy parking dla gości?')).toBe(false);
  });
});

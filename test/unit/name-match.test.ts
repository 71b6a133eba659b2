/**
 * A proper name in a source is the same name inflected, not another word that begins with the
 * same five letters: "na Instagramie" is not found in "przeróbka instalacji", "GroomPro" not in
 * "stół groomerski". Common words keep the looser match. Words of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { termMatcher } from '../../src-main/core/answer/text';
import { entityIn, speaksOf } from '../../src-main/core/answer/evidence-match';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';
import type { FocusConstraint } from '../../src-shared/query';

const entity = (text: string): FocusConstraint => ({ kind: 'entity', text, term: analyzeWord(text) ?? text.toLowerCase() });
const attribute = (text: string): FocusConstraint => ({ kind: 'attribute', text, term: analyzeWord(text) ?? text.toLowerCase() });

describe('a name found in a text', () => {
  it.each([
    ['Booksym', 'Rezerwacje prowadzimy w Booksy.'],
    ['Salda', 'Księgowość prowadzi Biuro Saldo.'],
    ['Podgórzu', 'Otwieramy punkt na Podgórze.'],
    ['Jeżycach', 'Salon na Jeżyce dostaje drugą wannę.'],
    ['Wektorem', 'Umowa z Wektor Systemy.'],
  ])('%s is in „%s”', (name, text) => {
    expect(entityIn(entity(name), termMatcher(text))).toBe(true);
  });

  it.each([
    ['Instagramie', 'Wanna kosztuje 4 200 zł, montaż z przeróbką instalacji 600 zł.'],
    ['GroomPro', 'Kupujemy hydrauliczny stół groomerski.'],
    ['Kasomatem', 'Kasowanie paragonów robimy raz w miesiącu.'],
  ])('%s is not in „%s”', (name, text) => {
    expect(entityIn(entity(name), termMatcher(text))).toBe(false);
  });

  it.each([
    ['Sklepio', 'Mleko kupowaliśmy dotąd w sklepach w Lublinie.'],
    ['Winylexie', 'Naklejki tniemy z czarnego winylu.'],
    ['Drukomatem', 'Drukowanie plakatów zlecamy hali.'],
    ['Kawiarexu', 'W kawiarni stoją dwa ekspresy.'],
  ])('%s only begins like a common word of „%s”: another word', (name, text) => {
    expect(entityIn(entity(name), termMatcher(text))).toBe(false);
  });

  it.each([
    ['Sklepio', 'Sklep internetowy prowadzimy w Sklepio.'],
    ['Winylexie', 'Folie zamawiamy w Winylex, a winyl tniemy sami.'],
    ['Kawiarexu', 'Ekspres serwisuje Kawiarex, obok kawiarni.'],
  ])('%s is in „%s”, beside a common word it begins like', (name, text) => {
    expect(entityIn(entity(name), termMatcher(text))).toBe(true);
  });

  it('leaves a name the dictionary knows its looser match to the words derived from it', () => {
    expect(entityIn(entity('Hiszpanii'), termMatcher('Uczymy hiszpańskiego od zera.'))).toBe(true);
  });

  it('leaves common words to the looser match (a stem inflected otherwise)', () => {
    expect(entityIn(attribute('instalacyjny'), termMatcher('montaż z przeróbką instalacji'))).toBe(true);
    expect(termMatcher('montaż z przeróbką instalacji')(analyzeWord('instalacyjny')!)).toBe(true);
  });
});

describe('a name whose word has several readings', () => {
  it('is found in the reading its text writes as a name ("psie pole": "pies" and "psi", "na Psim Polu")', () => {
    expect(entityIn(entity('psie'), termMatcher('Warsztat na Psim Polu jest czynny do 17:30.'))).toBe(true);
    expect(entityIn(entity('Długich'), termMatcher('Kawiarnia na Długich Ogrodach.'))).toBe(true);
  });

  it('is not found in a common word of another reading', () => {
    // "długi" of "Długich Ogrodach" is a common adjective here; "psi" of "psie pole" a dog's.
    expect(entityIn(entity('Długich'), termMatcher('Mamy długi termin płatności.'))).toBe(false);
    expect(entityIn(entity('psie'), termMatcher('Sprzedajemy psi smakołyk.'))).toBe(false);
  });
});

describe('a given name in its other everyday form', () => {
  it.each([
    ['Kasia', 'Od lipca Katarzyna Wrona zarabia 6 100 zł brutto.'],
    ['Kasi', 'Podwyżka dla Katarzyny Wrony.'],
    ['Tomasz', 'Tomek odbiera dostawy w soboty.'],
    ['Kuby', 'Jakub Lis naprawia rowery elektryczne.'],
  ])('%s is spoken of in „%s”, though not named as asked', (name, text) => {
    expect(speaksOf(entity(name), termMatcher(text))).toBe(true);
    expect(entityIn(entity(name), termMatcher(text))).toBe(false);
  });

  it.each([
    ['Kasia', 'Od lipca Krystyna Wrona zarabia 6 100 zł brutto.'],
    ['Tomasz', 'Tadeusza nie ma w grafiku, bo Bartek ma dyżur.'],
    ['Kuby', 'Kubeł na odpady stoi przy wejściu.'],
  ])('%s is not spoken of in „%s”', (name, text) => {
    expect(speaksOf(entity(name), termMatcher(text))).toBe(false);
  });

  it('is no variant of a common word', () => {
    expect(speaksOf(attribute('kasa'), termMatcher('Katarzyna prowadzi sklep.'))).toBe(false);
  });
});

/**
 * Follow-up questions resolved against the previous standalone question. The pairs are written
 * for this test (everyday Polish about a small firm's decisions), not taken from the golden sets.
 */
import { describe, expect, it } from 'vitest';
import { isFollowUp, resolveFollowUp, topicOf } from '../../src-main/core/query/follow-up';

/** previous standalone question, follow-up as typed, expected standalone question. */
const RESOLVED: [string, string, string][] = [
  // A prepositional phrase replaces the one with the same preposition (w/we are one).
  ['jakie są godziny otwarcia pracowni we Wrzeszczu?', 'a w Oliwie?', 'jakie są godziny otwarcia pracowni w Oliwie?'],
  ['ile kosztuje bilet miesięczny dla emerytów?', 'a dla studentów?', 'ile kosztuje bilet miesięczny dla studentów?'],
  ['kto odpowiada za kopie zapasowe?', 'a za faktury?', 'kto odpowiada za faktury?'],
  ['ile płacimy za prąd w biurze na Długiej?', 'a na Grunwaldzkiej?', 'ile płacimy za prąd w biurze na Grunwaldzkiej?'],
  ['jaki rabat dajemy dla stałych klientów?', 'a dla nowych klientów?', 'jaki rabat dajemy dla nowych klientów?'],
  ['kto zamawia materiały do pracowni?', 'a do biura?', 'kto zamawia materiały do biura?'],
  // …or is appended when the previous question has none.
  ['ile kosztuje bilet miesięczny?', 'a dla studentów?', 'ile kosztuje bilet miesięczny dla studentów?'],
  ['jakie są godziny pracowni?', 'a w weekend?', 'jakie są godziny pracowni w weekend?'],
  ['jaki jest limit wydatków na szkolenia?', 'a w Gdyni?', 'jaki jest limit wydatków na szkolenia w Gdyni?'],
  // Time: the previous time phrase or time word is replaced, a place phrase is kept.
  ['jakiego programu do faktur używamy teraz?', 'a wcześniej?', 'jakiego programu do faktur używamy wcześniej?'],
  ['jaka była stawka projektu w 2025?', 'a w 2026?', 'jaka była stawka projektu w 2026?'],
  ['jakie są godziny pracowni w czwartki?', 'a w piątki?', 'jakie są godziny pracowni w piątki?'],
  ['jakie są godziny pracowni we Wrzeszczu w czwartki?', 'a w piątki?', 'jakie są godziny pracowni we Wrzeszczu w piątki?'],
  ['ile wydaliśmy na reklamę w marcu?', 'a w kwietniu?', 'ile wydaliśmy na reklamę w kwietniu?'],
  ['kto obecnie prowadzi księgowość?', 'a przedtem?', 'kto przedtem prowadzi księgowość?'],
  ['jaki jest czynsz za lokal?', 'a wcześniej?', 'jaki jest czynsz za lokal wcześniej?'],
  // A named entity or identifier is replaced.
  ['ile kosztuje licencja Asany?', 'a Trello?', 'ile kosztuje licencja Trello?'],
  ['ile kosztuje licencja Asany?', 'a co z Trello?', 'ile kosztuje licencja Trello?'],
  ['co postanowiono w decyzji 2026-01-12-01?', 'a w 2026-02-03-01?', 'co postanowiono w decyzji 2026-02-03-01?'],
  ['ile zarabia Anna w projekcie?', 'a Zbyszek?', 'ile zarabia Zbyszek w projekcie?'],
  // A verb is replaced.
  ['kiedy otwieramy pracownię?', 'a zamykamy?', 'kiedy zamykamy pracownię?'],
  // A demonstrative or a bare question word takes the previous topic.
  ['jaki program do faktur wybraliśmy?', 'ile to kosztuje?', 'ile kosztuje — program do faktur?'],
  ['czym zastąpiliśmy Nozbe?', 'dlaczego?', 'dlaczego — Nozbe?'],
  ['czym zastąpiliśmy Nozbe?', 'kiedy to zdecydowaliśmy?', 'kiedy zdecydowaliśmy — Nozbe?'],
  ['jak często robimy kopie zapasowe?', 'a gdzie je trzymamy?', 'gdzie trzymamy — kopie zapasowe?'],
  ['gdzie trzymamy kopie zapasowe?', 'kto to ustalił?', 'kto ustalił — kopie zapasowe?'],
  ['jaka jest stawka godzinowa projektu?', 'od kiedy obowiązuje?', 'od kiedy obowiązuje — stawka godzinowa projektu?'],
  ['jaka jest stawka godzinowa projektu?', 'od kiedy?', 'od kiedy — stawka godzinowa projektu?'],
  ['którą drukarkę kupiliśmy do biura?', 'ile za nią zapłaciliśmy?', 'ile zapłaciliśmy — drukarkę do biura?'],
  ['jaki jest limit na delegacje?', 'kto go zatwierdził?', 'kto zatwierdził — limit na delegacje?'],
  ['czym zastąpiliśmy Nozbe?', 'a dlaczego tak zdecydowaliśmy?', 'dlaczego zdecydowaliśmy — Nozbe?'],
];

/** Standalone questions: never changed, whatever came before. */
const STANDALONE: [string, string][] = [
  ['czym zastąpiliśmy Nozbe?', 'ile kosztuje licencja Asany?'],
  ['czym zastąpiliśmy Nozbe?', 'co to jest RODO?'],
  ['jakie są godziny pracowni?', 'a jak wygląda plan kopii zapasowych w firmie na przyszły rok?'],
  ['jakie są godziny pracowni?', 'jaka jest stawka godzinowa w projekcie dla Miasta Gdańsk?'],
  ['ile kosztuje bilet miesięczny?', 'kto prowadzi księgowość firmy od stycznia?'],
  ['jaki program do faktur wybraliśmy?', 'gdzie trzymamy kopie zapasowe dokumentów?'],
  ['jaki program do faktur wybraliśmy?', 'dlaczego zrezygnowaliśmy z Nozbe?'],
  ['kto odpowiada za kopie zapasowe?', 'Jakie godziny pracy ma pracownia w Oliwie?'],
  ['kto odpowiada za kopie zapasowe?', 'ile kosztowała nowa drukarka laserowa?'],
];

/** Elliptic questions that cannot be merged: answered as asked, with the reason. */
const UNRESOLVED: [string | undefined, string][] = [
  [undefined, 'a w Oliwie?'],
  [undefined, 'ile to kosztuje?'],
  ['ile kosztuje abonament?', 'a roczny?'],
  ['ile kosztuje abonament?', 'a licencja?'],
];

describe('follow-up questions', () => {
  it('has at least 30 resolved pairs and negatives besides', () => {
    expect(RESOLVED.length).toBeGreaterThanOrEqual(30);
    expect(STANDALONE.length + UNRESOLVED.length).toBeGreaterThanOrEqual(10);
  });

  it.each(RESOLVED)('„%s” + „%s”', (previous, asked, expected) => {
    expect(isFollowUp(asked)).toBe(true);
    const r = resolveFollowUp(asked, previous);
    expect(r.standalone).toBe(expected);
    expect(r.resolved).toBe(true);
    expect(r.asked).toBe(asked);
    expect(r.previous).toBe(previous);
    expect(r.reason.length).toBeGreaterThan(10);
  });

  it.each(STANDALONE)('stays unchanged after „%s”: „%s”', (previous, asked) => {
    expect(isFollowUp(asked)).toBe(false);
    const r = resolveFollowUp(asked, previous);
    expect(r).toMatchObject({ standalone: asked, resolved: false, reason: 'Pytanie samodzielne.' });
  });

  it.each(UNRESOLVED)('after %s „%s” is answered as asked, with a reason', (previous, asked) => {
    const r = resolveFollowUp(asked, previous);
    expect(r.resolved).toBe(false);
    expect(r.standalone).toBe(asked);
    expect(r.reason).toMatch(/odpowiadam na pytanie tak, jak je zadano/);
  });

  it('chains: a follow-up of a follow-up uses the previous standalone question', () => {
    const first = resolveFollowUp('a w Oliwie?', 'jakie są godziny pracowni we Wrzeszczu?');
    const second = resolveFollowUp('a w soboty?', first.standalone);
    expect(second.standalone).toBe('jakie są godziny pracowni w Oliwie w soboty?');
  });

  it('takes the topic without question words, verbs and adverbs', () => {
    expect(topicOf('jak często robimy kopie zapasowe?')).toBe('kopie zapasowe');
    expect(topicOf('od kiedy obowiązuje nowy cennik?')).toBe('nowy cennik');
  });
});

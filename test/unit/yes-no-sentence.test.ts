/**
 * A yes/no question asks whether its predicate holds: "Tak" or "Nie" is read from the sentence that
 * states it (the most of the question's words other than names), not from one that only names the
 * place. A bakery of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';
import { negationClauses, verdictOf, yesNo } from '../../src-main/core/answer/yes-no';
import { quotedSentence } from '../../src-main/core/answer/text';
import { askQuestion } from '../../src-main/core/answer/ask';
import { decisionFile, ingestLog } from '../helpers/lexical-log';

const branch = decisionFragments('2026-07-01-01', [
  ['TL;DR', 'Odpady z punktu na Podgórzu odbiera Eko-Serwis raz w tygodniu za 90 zł miesięcznie.'],
  ['KONTEKST', 'Punkt na Podgórzu nie piecze tortów weselnych ani nie robi cateringu, więc odpadów jest mało.'],
]);

describe('the sentence a yes/no answer is read from', () => {
  it('states the predicate, not only the place', () => {
    const q = 'czy na podgórzu pieczemy torty weselne?';
    const plan = planFragments(q, branch);
    const best = plan.chosen[0]?.best?.text ?? '';
    expect(best).toMatch(/nie piecze tortów/u);
    expect(yesNo(q, best)).toBe('Nie');
  });

  it('is chosen as before for other questions', () => {
    const plan = planFragments('kto odbiera odpady z podgórza?', branch);
    expect(plan.chosen[0]?.best?.text).toMatch(/Eko-Serwis/u);
  });
});

const apprentices = decisionFragments(
  '2026-08-03-01',
  [
    ['TL;DR', 'Od września przyjmujemy dwóch uczniów na naukę zawodu piekarza.'],
    [
      'DECYZJA',
      'Każdy uczeń dostaje własny fartuch i nóż do krojenia. Wynagrodzenie: 450 zł miesięcznie w pierwszym roku nauki. Uczniowie pracują od 6:00 do 12:00, nigdy na nocnej zmianie.',
    ],
  ],
  { title: 'Uczniowie w piekarni' },
);

describe('the sentence of a yes/no answer, past what its decision is about', () => {
  const best = (q: string) => planFragments(q, apprentices).chosen[0]?.best?.text ?? '';
  it('states the predicate, not the decision’s own subject', () => {
    // "uczniowie" is what the decision is about (its title and headline): "dostają wynagrodzenie" is asked
    expect(best('czy uczniowie dostają wynagrodzenie?')).toMatch(/^Wynagrodzenie: 450 zł/u);
    expect(best('czy uczeń dostaje wynagrodzenie w pierwszym roku?')).toMatch(/450 zł/u);
  });

  it('keeps the sentence with most of the predicate otherwise', () => {
    expect(best('czy uczniowie dostają fartuchy?')).toMatch(/fartuch/u);
    expect(best('czy uczniowie pracują na nocnej zmianie?')).toMatch(/nocnej zmianie/u);
  });
});

const noCatering = decisionFragments(
  '2026-09-14-01',
  [
    ['TL;DR', 'Nie wchodzimy w catering na wesela. Pary, które o to pytają, polecamy cukierni Słodki Kąt z Wieliczki.'],
    ['DECYZJA', 'Nie przyjmujemy zamówień na catering weselny.'],
    ['DLACZEGO', 'Catering to inwestycja w auto chłodnię i w ludzi, których nie mamy.'],
  ],
  { title: 'Bez cateringu weselnego' },
);

describe('the sentence of a yes/no answer, past whom the act is for', () => {
  const best = (q: string) => planFragments(q, noCatering).chosen[0]?.best?.text ?? '';
  it('is not one that shares only the dative noun ("ludziom": for whom), but one stating the act', () => {
    // "ludziom" is in the reason only; the statements say what was decided about the catering.
    expect(best('czy robimy ludziom catering na wesele?')).toMatch(/^Nie (?:wchodzimy|przyjmujemy)/u);
  });

  it('is one naming a noun asked in another case', () => {
    expect(best('czy mamy ludzi do chłodni?')).toMatch(/^Catering to inwestycja/u);
  });
});

describe('the answer word', () => {
  it('is the one a sentence opens with, whatever else it or the next sentence negates', () => {
    expect(yesNo('czy sprzedajemy pieczywo bezglutenowe?', 'Tak — od maja sprzedajemy chleb bez glutenu na Podgórzu.')).toBe('Tak');
    expect(yesNo('czy dowozimy torty?', 'Nie, tortów nie dowozimy, klient odbiera je sam.')).toBe('Nie');
    // Of the sentences an answer quotes, the one that opens with it decides; the other negates another predicate.
    const quoted = ['Tak — od maja sprzedajemy na Podgórzu chleb bez glutenu.', 'Sprzedaży chleba bez glutenu nie wliczamy do utargu.'];
    expect(verdictOf('czy sprzedajemy chleb bez glutenu?', quoted)).toBe('Tak');
    expect(verdictOf('czy sprzedajemy chleb bez glutenu?', [quoted[1]!])).toBe('Nie');
    // "Taki", "Niedziela" open no answer
    expect(yesNo('czy pieczemy w niedziele?', 'Niedziela: pieczemy tylko na zamówienia.')).toBe('Tak');
  });
});

describe('a question about a day of the week', () => {
  it('is answered "Nie" by a sentence naming other days only', () => {
    expect(yesNo('czy furgonetka jeździ w poniedziałki?', 'Od maja furgonetka rozwozi pieczywo we wtorki, czwartki i soboty.')).toBe('Nie');
    expect(yesNo('czy punkt na Podgórzu jest czynny w niedzielę?', 'Punkt na Podgórzu jest czynny od poniedziałku do soboty.')).toBe('Nie');
  });

  it('is answered "Tak" when one of them, a range or "dni robocze" covers it', () => {
    expect(yesNo('czy furgonetka jeździ w czwartki?', 'Od maja furgonetka rozwozi pieczywo we wtorki, czwartki i soboty.')).toBe('Tak');
    expect(yesNo('czy punkt jest czynny w środę?', 'Punkt jest czynny od poniedziałku do piątku.')).toBe('Tak');
    expect(yesNo('czy sklep jest otwarty w sobotę?', 'Sklep jest otwarty w weekendy od 8:00 do 14:00.')).toBe('Tak');
    expect(yesNo('czy dostawy są we wtorek?', 'Dostawy mąki są w dni robocze rano.')).toBe('Tak');
  });

  it('is read in all the quoted sentences together: another may name other days beside it', () => {
    const quoted = ['Od sierpnia furgonetka jeździ w środy, piątki i soboty.', 'W środy i piątki jest zajęta w 90%.'];
    expect(verdictOf('czy furgonetka jeździ w soboty?', quoted)).toBe('Tak');
    expect(verdictOf('czy furgonetka jeździ w poniedziałki?', quoted)).toBe('Nie');
    expect(verdictOf('czy furgonetka jeździ w soboty?', ['W czwartki rozwozimy pieczywo od 6:00.', 'W soboty furgonetka jeździ do 12:00.'])).toBe('Tak');
  });

  it('is read in a sentence quoted second when the answering one names no day', () => {
    const quoted = ['W furgonetce dalej jeżdżę ja.', 'Od sierpnia furgonetka jeździ w środy, piątki i soboty.'];
    expect(verdictOf('czy furgonetka jeździ w poniedziałki?', quoted)).toBe('Nie');
    expect(verdictOf('czy furgonetka jeździ w piątki?', quoted)).toBe('Tak');
  });

  it('is "Nie" when the sentence naming the asked day says it is closed, after a colon or a dash', () => {
    const quoted = ['Od maja punkt jest otwarty od poniedziałku do piątku od 7:00 do 18:00.', 'Soboty bez zmian — nieczynne.'];
    expect(verdictOf('czy punkt jest otwarty w soboty?', quoted)).toBe('Nie');
    expect(verdictOf('czy punkt jest otwarty w soboty?', ['Od maja punkt jest otwarty od poniedziałku do piątku.', 'Sobota: nieczynne.'])).toBe('Nie');
    // A dash that sets off a name, not a negated value, negates nothing.
    expect(verdictOf('czy kierownik zmiany otwiera piekarnię w soboty?', ['Kierownik zmiany – Jolanta Kos – otwiera piekarnię w soboty o 5:00.'])).toBe('Tak');
  });

  it('leaves sentences without days to the other rules', () => {
    expect(yesNo('czy furgonetka jeździ w poniedziałki?', 'Furgonetka jeździ codziennie.')).toBe('Tak');
    expect(yesNo('czy furgonetka jeździ w poniedziałki?', 'Furgonetka nie jeździ w tym sezonie.')).toBe('Nie');
  });
});

describe('a quoted sentence opening with its decision’s own answer word', () => {
  it('is quoted without it: the word replies to the decision’s title, not to the user', () => {
    expect(quotedSentence('Tak — od maja sprzedajemy chleb bez glutenu.', 'X')).toBe('Od maja sprzedajemy chleb bez glutenu (X).');
    expect(quotedSentence('Nie, na razie nie dowozimy tortów', 'X')).toBe('Na razie nie dowozimy tortów (X).');
    expect(quotedSentence('TAK: sprzedajemy', 'X')).toBe('Sprzedajemy (X).');
    // negatives: words that only begin with the letters, an answer word alone, a hyphenated word
    expect(quotedSentence('Taki tort kosztuje 120 zł.', 'X')).toBe('Taki tort kosztuje 120 zł (X).');
    expect(quotedSentence('Niedziela: pieczemy tylko na zamówienia.', 'X')).toBe('Niedziela: pieczemy tylko na zamówienia (X).');
    expect(quotedSentence('Nie-klienci płacą 10 zł więcej.', 'X')).toBe('Nie-klienci płacą 10 zł więcej (X).');
    expect(quotedSentence('Nie.', 'X')).toBe('Nie (X).');
  });

  it('answers a question that is not yes/no without "Tak", and a yes/no one with the word once', async () => {
    const lexical = await ingestLog({
      '2033-05-02-01.md': decisionFile(
        '2033-05-02-01',
        'Czy sprzedajemy chleb bez glutenu? Tak, na Podgórzu',
        '## TL;DR\nTak — od maja sprzedajemy na Podgórzu chleb bez glutenu po 14 zł za bochenek.',
      ),
    });
    const ask = async (q: string) => (await askQuestion(q, { mode: 'bm25', today: '2033-11-30' }, { store: { lexical } })).answer;
    expect(await ask('ile kosztuje chleb bez glutenu?')).toBe('Od maja sprzedajemy na Podgórzu chleb bez glutenu po 14 zł za bochenek (2033-05-02-01).');
    expect(await ask('czy sprzedajemy chleb bez glutenu?')).toBe('Tak. Od maja sprzedajemy na Podgórzu chleb bez glutenu po 14 zł za bochenek (2033-05-02-01).');
  });
});

describe('a negation over a list', () => {
  // A print shop of the tests' own: the question's verb is not the sentence's, so only the listed name can carry the negation.
  it('reaches every member of a list closed by "i", "oraz", "albo" or "lub"', () => {
    const refusal = 'Nie drukujemy ulotek dla partii politycznych, bukmacherów i lombardów, których reklamy budzą skargi.';
    for (const q of ['czy robimy coś dla bukmacherów?', 'czy robimy coś dla lombardów?']) expect(yesNo(q, refusal), q).toBe('Nie');
    expect(yesNo('czy obsługujemy kawiarnie?', 'Nie przyjmujemy zleceń poniżej 200 zł od kwiaciarni, piekarni oraz kawiarni.')).toBe('Nie');
    expect(yesNo('czy robimy coś dla lombardów?', 'Drukujemy ulotki dla partii politycznych, bukmacherów i lombardów.')).toBe('Tak');
  });

  it('does not reach an elided clause after a comma alone, a contrast, or a clause with its own verb', () => {
    const clauses = (t: string) =>
      negationClauses(t.toLowerCase())
        .map((c) => c.replace(/\s+/gu, ' ').trim())
        .filter(Boolean);
    expect(clauses('Nie drukujemy w niedziele, w soboty do 14')).toEqual(['nie drukujemy w niedziele', 'w soboty do 14']);
    expect(clauses('Plakatów nie drukujemy w Bochni, a w Tarnowie tak')).toEqual(['plakatów nie drukujemy w bochni', 'w tarnowie tak']);
    expect(clauses('Nie drukujemy faktur papierowych i wysyłamy je mailem')).toEqual(['nie drukujemy faktur papierowych', 'wysyłamy je mailem']);
    expect(clauses('W soboty, niedziele i święta nie drukujemy')).toEqual(['w soboty niedziele święta nie drukujemy']);
  });
});

describe('a verb of giving up', () => {
  // A café of the tests' own.
  it('says that what it governs no longer holds', () => {
    expect(yesNo('czy pakujemy ciasta w folię?', 'Od lipca rezygnujemy z folii przy pakowaniu ciast.')).toBe('Nie');
    expect(yesNo('czy sprzedajemy lody na wynos?', 'Od października przestajemy sprzedawać lody na wynos.')).toBe('Nie');
    expect(yesNo('czy jest limit kaw dla pracowników?', 'Od marca znosimy limit kaw dla pracowników.')).toBe('Nie');
    expect(yesNo('czy przyjmujemy rezerwacje na wigilię?', 'Odmawiamy rezerwacji na wigilię i sylwestra.')).toBe('Nie');
  });

  it('not when it is negated, asked itself, or governs something else', () => {
    expect(yesNo('czy pakujemy ciasta w folię?', 'Nie rezygnujemy z folii przy pakowaniu ciast.')).toBe('Tak');
    expect(yesNo('czy rezygnujemy z folii?', 'Od lipca rezygnujemy z folii przy pakowaniu ciast.')).toBe('Tak');
    expect(yesNo('czy sprzedajemy kawę na wynos?', 'Od października przestajemy sprzedawać lody, a kawę na wynos sprzedajemy dalej.')).toBe('Tak');
    expect(yesNo('czy klienci zostawiają napiwki?', 'Klienci zostawiają napiwki, które znosimy do banku co piątek.')).toBe('Tak');
  });
});

describe('a sentence limiting to names after "tylko"', () => {
  it('answers "Nie" for a name the question gives after the same preposition and the sentence does not', () => {
    const quoted = ['Farbowanie henną wyceniamy na 180 zł.', 'Zabieg wykonujemy tylko w Poznaniu.'];
    expect(verdictOf('czy w swarzędzu da się zrobić farbowanie henną?', quoted)).toBe('Nie');
    expect(verdictOf('czy dowozicie torty do gdyni?', ['Torty dowozimy wyłącznie do Gdańska i Sopotu.'])).toBe('Nie');
  });

  it('answers "Tak" for a name among them, and reads no common word as a name', () => {
    expect(verdictOf('czy w poznaniu da się zrobić farbowanie henną?', ['Zabieg wykonujemy tylko w Poznaniu.'])).toBe('Tak');
    expect(verdictOf('czy dowozicie torty do sopotu?', ['Torty dowozimy wyłącznie do Gdańska i Sopotu.'])).toBe('Tak');
    expect(verdictOf('czy na farbowanie trzeba się umawiać?', ['Zabieg wykonujemy tylko na Grunwaldzie.'])).toBe('Tak');
    expect(verdictOf('czy w sobotę farbujecie henną?', ['Farbujemy henną tylko w Poznaniu.'])).toBe('Tak');
  });
});

describe('a headline refusing the act in other words', () => {
  // A plumbing firm and a bakery of the tests' own.
  it('answers "Nie" when the quoted headline opens by negating its verb and shares no term with the question', () => {
    const quoted = ['Nie będziemy montować klimatyzatorów.', 'To inwestycja w sprzęt, a przede wszystkim w ludzi.'];
    expect(verdictOf('czy zakładamy ludziom klimę?', quoted, quoted[0])).toBe('Nie');
    expect(verdictOf('czy robimy bezy?', ['Nie pieczemy wyrobów z białek.'], 'Nie pieczemy wyrobów z białek.')).toBe('Nie');
  });

  it('not when it is no headline, shares a term, does not open with a negated verb, or the question negates itself', () => {
    const quoted = ['Torty robimy na zamówienie.', 'Nie dowozimy ich do klientów.'];
    expect(verdictOf('czy robimy torty?', quoted, quoted[0])).toBe('Tak');
    expect(verdictOf('czy robimy torty?', quoted)).toBe('Tak');
    // The asked act in a positive clause after the negated one.
    expect(verdictOf('czy dodajemy dostawę?', ['Nie zmieniamy cen, ale dodajemy dostawę.'], 'Nie zmieniamy cen, ale dodajemy dostawę.')).toBe('Tak');
    expect(verdictOf('czy montujemy pompy?', ['Nie tylko montujemy pompy, ale też je serwisujemy.'], 'Nie tylko montujemy pompy, ale też je serwisujemy.')).toBe('Tak');
    expect(verdictOf('czy zakładamy klimę?', ['Nowe klimatyzatory montuje firma Chłód.'], 'Nowe klimatyzatory montuje firma Chłód.')).toBe('Tak');
    // A question that negates itself is read as before, the headline given or not.
    const refusal = ['Nie będziemy montować klimatyzatorów.'];
    expect(verdictOf('czy nie zakładamy klimy?', refusal, refusal[0])).toBe(verdictOf('czy nie zakładamy klimy?', refusal));
  });
});

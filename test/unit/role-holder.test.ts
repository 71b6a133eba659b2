/**
 * "kto jest / jak się nazywa + role noun" questions: the role is read from the question's grammar,
 * and a sentence that names the role answers with the name in apposition to it. Businesses here (a
 * bakery, a law office, a car repair shop) are not the public logs'.
 */
import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src-shared/types';
import { holderUnderRoleTitle, nameBesideRole } from '../../src-main/core/answer/evidence-match';
import { namesOtherThan } from '../../src-main/core/answer/other-names';
import { roleNoun } from '../../src-main/core/query/head-noun';
import { buildNameLexicon } from '../../src-main/core/query/names';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';

describe('the role a question asks the holder of', () => {
  it.each([
    ['jak się nazywa nasza księgowa?', 'księgowa'],
    ['jak się nazywał poprzedni najemca lokalu?', 'najemca'],
    ['kto jest naszym opiekunem w banku?', 'opiekunem'],
    ['kto jest teraz kierownikiem zmiany w piekarni?', 'kierownikiem'],
    ['kim jest nasz nowy mechanik?', 'mechanik'],
    ['kto to jest nasz radca prawny?', 'radca'],
    ['kto był pełnomocnikiem klienta w sprawie o zapłatę?', 'pełnomocnikiem'],
    ['Kto jest nabywcą na fakturze FV/7/2026?', 'nabywcą'],
    // Feminine nouns of persons, formed from masculine-personal ones (-ka, -owa).
    ['kto jest naszą nową opiekunką klienta?', 'opiekunką'],
    ['kim jest kierowniczka sklepu przy rynku?', 'kierowniczka'],
    ['jak się nazywa nasza sekretarka?', 'sekretarka'],
    ['kto jest właścicielką lokalu na Długiej?', 'właścicielką'],
    // The generic person noun names a role by its adjective.
    ['kto jest osobą kontaktową w hurtowni?', 'kontaktową'],
  ])('%s → %s', (q, role) => {
    expect(roleNoun(q)).toBe(role);
  });

  it.each([
    // Not "who holds the role": a predicate adjective, a generic kind, a verb question, a name.
    'kto jest odpowiedzialny za zamówienia mąki?',
    'kto jest firmą, która serwisuje piece?',
    'kto piecze chleb w soboty?',
    'kto zamawia drożdże?',
    'kto jest CEO w Grainexie?',
    'ile zarabia nasza księgowa?',
    // "który/jaki + noun" asks which one of a kind: the answer need not repeat the kind.
    'który mechanik naprawia skrzynie biegów?',
    'jaki jest numer konta kancelarii?',
    // The name of a thing, which documents often give without the kind ("faktury w Fakturowni").
    'jak się nazywa program do faktur?',
    'jak się nazywa aplikacja do grafiku?',
    'jak się nazywa piekarnia na rogu?',
  ])('no role: %s', (q) => {
    expect(roleNoun(q)).toBeUndefined();
  });
});

describe('a name in apposition to the role', () => {
  const role = (w: string) => analyzeWord(w)!;
  const none = () => false;
  it.each([
    ['Kadry i płace prowadzi nasza księgowa, Anna Wrona.', 'księgowa'],
    ['Anna Wrona, nasza księgowa, rozlicza VAT co miesiąc.', 'księgowa'],
    ['Nabywca: Piekarnia Złoty Kłos sp. z o.o., ul. Długa 5.', 'nabywca'],
    ['Od marca naszym opiekunem jest pan Marek Zięba.', 'opiekun'],
    ['Kierownik zmiany – Jolanta Kos – otwiera piekarnię o 5:00.', 'kierownik'],
    ['Nowy mechanik (Paweł Lis) zaczyna w poniedziałek.', 'mechanik'],
    // The role as what the name before it becomes or is.
    ['Od marca Jolanta zostaje kierowniczką zmiany.', 'kierowniczka'],
    ['Paweł jest naszym mechanikiem od dwóch lat.', 'mechanik'],
    ['Ksenia została koordynatorką dostaw.', 'koordynatorka'],
    ['Od maja zatrudniam Oliwię jako recepcjonistkę.', 'recepcjonistka'],
    ['Lucía zostaje koordynatorką warsztatów.', 'koordynatorka'],
  ])('%s', (sentence, word) => {
    expect(nameBesideRole(sentence, role(word), none)).toBe(true);
  });

  it.each([
    // The role as an adjective of another noun, a name that is the object of a verb, a name in
    // another clause before the role, no role at all.
    ['Wliczyłem droższą obsługę księgową: pełna KPiR kosztuje 550 zł.', 'księgowa'],
    ['Od stycznia księgowa prowadzi KPiR zamiast ewidencji.', 'księgowa'],
    ['Tomek rozmawia z opiekunem w banku o kredycie.', 'opiekun'],
    ['Faktury wystawiamy w Fakturowni, a eksport dla księgowej jest gotowy.', 'księgowa'],
    ['Kadry prowadzi Anna Wrona.', 'księgowa'],
    // A capitalised first word that is a common noun is no name; nor is a name before another verb.
    ['Sekretariat jest koordynatorem zapisów na kursy.', 'koordynator'],
    ['Jolanta rozmawia z kierowniczką zmiany o grafiku.', 'kierowniczka'],
    // A label opening the sentence is capitalised by position, not a name.
    ['Stanowisko: recepcjonistka i koordynatorka obsługi klienta.', 'recepcjonistka'],
    ['Pracuję jako recepcjonistka od marca.', 'recepcjonistka'],
  ])('no holder named: %s', (sentence, word) => {
    expect(nameBesideRole(sentence, role(word), none)).toBe(false);
  });

  it('a name the question gives is the subject, not the holder', () => {
    const s = 'Tomek rozmawia z opiekunem handlowym Grainex o reklamacji.';
    expect(nameBesideRole(s, role('opiekun'), none)).toBe(true);
    expect(nameBesideRole(s, role('opiekun'), (t) => t === analyzeWord('Grainex'))).toBe(false);
  });
});

describe('the holder of the role a decision is titled with', () => {
  const under = (title: string, section = 'TL;DR') => ({ title, section });
  const role = analyzeWord('asystentka')!;
  const none = () => false;
  it('is a person the summary names', () => {
    expect(holderUnderRoleTitle('Od 1 października Aleksandra Wiśniewska pracuje u mnie na pół etatu.', under('Asystentka na pół etatu'), role, none)).toBe(true);
  });

  it.each([
    ['Od 1 października Aleksandra Wiśniewska pracuje u mnie na pół etatu.', under('Asystentka na pół etatu', 'DECYZJA')],
    ['Od 1 października Aleksandra Wiśniewska pracuje u mnie na pół etatu.', under('Nowe godziny pracy biura')],
    ['Od 1 października asystentka pracuje u mnie na pół etatu.', under('Asystentka na pół etatu')],
    ['Od 1 października Versum wysyła przypomnienia za asystentkę.', under('Asystentka na pół etatu')],
  ])('is not found in "%s" under %j', (text, where) => {
    expect(holderUnderRoleTitle(text, where, role, none)).toBe(false);
  });

  it('is not a person the question gives', () => {
    const own = (t: string) => t === analyzeWord('Aleksandra');
    expect(holderUnderRoleTitle('Od 1 października Aleksandra pracuje u mnie na pół etatu.', under('Asystentka na pół etatu'), role, own)).toBe(false);
  });
});

describe("names besides the question's own", () => {
  const own = (...words: string[]) => {
    const terms = new Set(words.map((w) => analyzeWord(w)));
    return (term: string) => terms.has(term);
  };
  it.each([
    ['Tomek rozmawia z opiekunem handlowym Grainex.', own('Grainex')],
    ['Od marca zamówienia składa Weronika.', own('zamówienia')],
    ['Serwis pieców prowadzi Kasomat sp. z o.o.', own('serwis')],
    ['- Zuzanna odbiera telefony w Oliwie.', own('Oliwa')],
    ['Biała Fala odbiera pranie we wtorki.', own('pranie')],
    ['Marek dodaje ofertę do reklamy.', own('oferta')],
  ])('a name: %s', (text, isOwn) => {
    expect(namesOtherThan(text, isOwn)).toBe(true);
  });
  it.each([
    ['Nie płacimy faktury od Grainex.', own('Grainex')],
    ['Umowa UM/2026/027 z Fundacją Kod Przyszłości.', own('fundacja', 'kod', 'przyszłość')],
    ['Od marca zamówienia składamy sami.', own('zamówienia')],
    ['Płacimy za mąkę z góry.', own('mąka')],
    // An adjective opening a sentence before the noun it agrees with describes that noun.
    ['Niska cena przyciąga nowych klientów.', own('klient')],
    ['Krótki przegląd w stałej cenie to dobry sposób na zimę.', own('przegląd')],
    ['Nowa pralnia odbiera pranie we wtorki.', own('pranie')],
  ])("only the question's own names, a code or none: %s", (text, isOwn) => {
    expect(namesOtherThan(text, isOwn)).toBe(false);
  });
});

describe('role questions at the evidence gate', () => {
  const invoices = decisionFragments('2026-02-10-01', [
    ['TL;DR', 'Faktury wystawiamy w Fakturowni zamiast w arkuszu.'],
    ['DLACZEGO', 'Eksport dla księgowej jest gotowy jednym kliknięciem, a Fakturownia zna KSeF.'],
  ]);
  const payroll = decisionFragments('2026-05-04-01', [
    ['TL;DR', 'Zatrudniamy piekarza na pełen etat od czerwca.'],
    ['DECYZJA', 'Kadry i płace prowadzi nasza księgowa, Anna Wrona.'],
  ]);
  const complaint = decisionFragments('2026-06-15-01', [
    ['TL;DR', 'Nie płacimy całej faktury od Grainex za mąkę.'],
    ['DECYZJA', 'Tomek rozmawia z opiekunem handlowym Grainex o przyczynach błędów.'],
  ]);
  const pool: Fragment[] = [...invoices, ...payroll, ...complaint];
  const bodies = pool.map((f) => f.body);
  const names = buildNameLexicon(bodies);
  const df = (term: string) => bodies.filter((b) => b.split(/[^\p{L}]+/u).some((w) => analyzeWord(w) === term)).length;
  const plan = (q: string, fragments: Fragment[]) => planFragments(q, fragments, { names, documentFrequency: df });

  it('answers from the decision that names the holder beside the role, not from the first one that mentions the role', () => {
    const p = plan('jak się nazywa nasza księgowa?', [...invoices, ...payroll]);
    expect(p.refused).toBe(false);
    expect(p.chosen.map((c) => c.source.decisionId)).toEqual(['2026-05-04-01']);
    expect(p.chosen[0]!.best?.text).toContain('Anna Wrona');
  });

  it("does not take a name from a source that never uses the log's word for the role", () => {
    const flour = decisionFragments('2026-07-01-01', [['TL;DR', 'Mąkę zamawia Tomek w hurtowni Grainex.']]);
    // "księgowa" is a word of this log (the payroll decision), not of the flour decision.
    expect(plan('jak się nazywa nasza księgowa?', flour).refused).toBe(true);
    // Negative: a "kto + verb" question has no role; the sentence's subject answers.
    expect(plan('kto zamawia mąkę?', flour).refused).toBe(false);
  });

  it('takes the person a summary names under a title that opens with the role', () => {
    // As the store indexes a chunk: its breadcrumb (with the decision's title) above its text.
    const titled = (title: string) =>
      decisionFragments('2026-09-01-01', [['TL;DR', 'Od października Ksenia Woźniak pracuje u nas na pełen etat.']], { title }).map((f) => ({
        ...f,
        text: `Decyzja 2026-09-01-01 z 2026-09-01: ${title} > TL;DR\n${f.body}`,
      }));
    const ask = (set: Fragment[]) => {
      const texts = set.map((f) => f.text);
      const dfOf = (term: string) => texts.filter((b) => b.split(/[^\p{L}]+/u).some((w) => analyzeWord(w) === term)).length;
      return planFragments('kto jest naszą piekarką?', set, { names: buildNameLexicon(texts), documentFrequency: dfOf });
    };
    const p = ask([...invoices, ...titled('Piekarka na pełen etat')]);
    expect(p.refused).toBe(false);
    expect(p.chosen[0]!.best?.text).toContain('Ksenia Woźniak');
    // Negative: under a title about something else, with the role named elsewhere in the log, the same summary says nothing of it.
    const bakery = decisionFragments('2026-03-02-01', [['TL;DR', 'Szukamy drugiej piekarki na nocną zmianę.']]);
    expect(ask([...bakery, ...titled('Nowy grafik piekarni')]).refused).toBe(true);
  });

  it('refuses when the only name beside the role is the one the question gives', () => {
    const p = plan('jak się nazywa nasz opiekun handlowy w grainexie?', complaint);
    expect(p.refused).toBe(true);
    // Negative: asked who talks to him, the same decision answers (no role question).
    expect(plan('kto rozmawia z opiekunem handlowym grainexu?', complaint).refused).toBe(false);
  });
});

describe('a place question', () => {
  const hours = decisionFragments('2026-02-02-01', [['TL;DR', 'Piekarnia w Gdyni jest czynna od wtorku do soboty, od 6:00 do 18:00.']]);
  const address = decisionFragments('2026-03-09-01', [['TL;DR', 'Piekarnię w Gdyni otwieramy przy ul. Świętojańskiej 12.']]);
  const pool: Fragment[] = [...hours, ...address];
  const bodies = pool.map((f) => f.body);
  const plan = (q: string, fragments: Fragment[]) =>
    planFragments(q, fragments, {
      names: buildNameLexicon(bodies),
      documentFrequency: (term) => bodies.filter((b) => b.split(/[^\p{L}]+/u).some((w) => analyzeWord(w) === term)).length,
    });

  it('is answered by a place other than the one it names', () => {
    const p = plan('gdzie jest nasza piekarnia w Gdyni?', pool);
    expect(p.refused).toBe(false);
    expect(p.chosen[0]!.source.decisionId).toBe('2026-03-09-01');
  });

  it('is not answered by a sentence whose only place is the one it names', () => {
    expect(plan('gdzie jest nasza piekarnia w Gdyni?', hours).refused).toBe(true);
    // Negative: asked when, the same sentence answers.
    expect(plan('kiedy jest czynna piekarnia w Gdyni?', hours).refused).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkSwap,
  evenSample,
  extractEntities,
  findMentions,
  generateNearMisses,
  indexLog,
  nameStem,
  titleQuestions,
  attributeTerms,
  type NearMissDecision,
  type NearMissSource,
} from '../../src-main/core/eval/near-miss';

/** A small invented log of a bakery with two shops; written for these tests only. */
const LOG: NearMissDecision[] = [
  {
    id: '2025-01-10-01',
    text: [
      'Najem lokalu w Podgórzu',
      'TL;DR',
      'Podpisujemy umowę najmu UM/2025/003 na lokal w Podgórzu przy ul. Kalwaryjskiej, czynsz 4200 zł netto miesięcznie.',
      'DECYZJA',
      'Klucze odbiera Tomasz, który prowadzi sklep w Podgórzu.',
    ].join('\n'),
  },
  {
    id: '2025-02-03-01',
    text: ['Godziny otwarcia w Kazimierzu', 'Sklep w Kazimierzu przy ul. Miodowej jest otwarty od 7:00 do 19:00.', 'Zmianę otwiera Anna, a zamyka Tomasz.'].join('\n'),
  },
  {
    id: '2025-03-05-01',
    text: [
      'Dostawca mąki: Młyn Zbożowy',
      'Mąkę do obu sklepów kupujemy w firmie Młyn Zbożowy.',
      'Dostawa do Podgórza we wtorki, do Kazimierza w piątki; zamówienia składa Anna.',
    ].join('\n'),
  },
  {
    id: '2025-04-07-01',
    supersedes: undefined,
    text: ['Czynsz w Kazimierzu rośnie', 'Od maja czynsz za sklep w Kazimierzu wynosi 5100 zł netto (aneks do umowy UM/2025/007).'].join('\n'),
  },
  {
    id: '2025-05-12-01',
    text: ['Bez trzeciego sklepu w Bronowicach', 'Rozważaliśmy trzeci sklep w Bronowicach, ale rezygnujemy: brak zaplecza do wypieku.'].join('\n'),
  },
  {
    id: '2025-06-02-01',
    text: ['Chleb CHL-01 drożeje', 'Dotychczas bochenek CHL-01 kosztował 8 zł, od czerwca 9 zł. Bułka BUL-02 bez zmian, 1,20 zł.'].join('\n'),
  },
  {
    id: '2025-07-01-01',
    text: ['Tort TRT-05 na zamówienie', 'Tort TRT-05 przyjmujemy z trzydniowym wyprzedzeniem; zamówienia we Wrocławiu przyjmuje Ewa Kowal.'].join('\n'),
  },
  {
    id: '2025-07-20-01',
    text: ['Kto płaci rachunki', 'Czynsz za oba sklepy przelewa co miesiąc Ewa.'].join('\n'),
  },
  {
    id: '2025-08-04-01',
    supersedes: '2025-06-02-01',
    text: ['Chleb CHL-01 znowu drożeje', 'Od września bochenek CHL-01 kosztuje 10 zł.'].join('\n'),
  },
  {
    id: '2025-09-01-01',
    supersedes: '2025-07-01-01',
    text: ['Dłuższe wyprzedzenie dla tortów', 'Dotychczas tort TRT-05 przyjmowaliśmy z trzydniowym wyprzedzeniem, od września z pięciodniowym.'].join('\n'),
  },
];

const byKey = (key: string) => extractEntities(LOG).find((e) => e.key === key);
const stem = (w: string) => nameStem(w);

describe('near-miss entities', () => {
  it('finds names where they are capitalised inside a sentence and types them', () => {
    const entities = extractEntities(LOG);
    const type = (surface: string) => entities.find((e) => e.key === surface.split(' ').map(stem).join(' '))?.type;
    expect(type('Podgórzu')).toBe('place');
    expect(type('Kazimierzu')).toBe('place');
    expect(type('Kalwaryjskiej')).toBe('street');
    expect(type('Miodowej')).toBe('street');
    expect(type('Tomasz')).toBe('person');
    expect(type('Anna')).toBe('person');
    expect(type('Młyn Zbożowy')).toBe('org');
    // Words capitalised only because they start a sentence or a line are not names.
    for (const w of ['Podpisujemy', 'Rozważaliśmy', 'Klucze', 'Mąkę', 'Zmianę', 'Od']) expect(type(w)).toBeUndefined();
  });

  it('groups inflected forms of one name and counts the decisions it is in', () => {
    const kazimierz = byKey(stem('Kazimierzu'))!;
    expect(kazimierz.stems).toEqual([stem('Kazimierza')]);
    expect([...kazimierz.forms.keys()].sort()).toEqual(['Kazimierza', 'Kazimierzu']);
    expect([...kazimierz.decisions].sort()).toEqual(['2025-02-03-01', '2025-03-05-01', '2025-04-07-01']);
    expect(stem('Ewa')).toBe(stem('Ewy'));
    expect(stem('Ewa')).toBe(stem('Ewę'));
  });

  it('keeps codes whole and tells document numbers from product codes', () => {
    const um = byKey('um/2025/003')!;
    const chl = byKey('chl-01')!;
    expect(um.type).toBe('code');
    expect(um.family).toBe('doc:um');
    expect(chl.type).toBe('code');
    expect(chl.family).toBe('product');
    // Decision IDs and times are not codes.
    expect(extractEntities(LOG).some((e) => e.key.startsWith('2025-'))).toBe(false);
  });

  it('finds entity mentions in a lower-case question by stem, longest first', () => {
    const entities = extractEntities(LOG);
    const ms = findMentions('kiedy młyn zbożowy dowozi mąkę do kazimierza?', entities);
    expect(ms.map((m) => m.entity.key)).toEqual([`${stem('Młyn')} ${stem('Zbożowy')}`, stem('Kazimierza')]);
    expect(ms[1]!.prev).toBe('do');
    // A word of a code in lower case is still the code.
    expect(findMentions('ile kosztuje chl-01?', entities).map((m) => m.entity.key)).toEqual(['chl-01']);
  });
});

describe('near-miss unanswerability check', () => {
  const log = indexLog(LOG);
  const ent = (surface: string) => log.entities.find((e) => e.key === surface.split(' ').map(stem).join(' ') || e.key === surface.toLowerCase())!;
  const rentQ = 'ile wynosi czynsz w podgórzu?';
  const rentSpan = findMentions(rentQ, log.entities)[0]!;
  const rentAttr = attributeTerms(log, rentQ, rentSpan, ['2025-01-10-01'], 0.5);

  it('takes the attribute from the question and the answering title, without the entity', () => {
    expect(rentAttr).toContain(stem('czynsz'));
    expect(rentAttr).not.toContain(stem('Podgórzu'));
  });

  it('rejects a branch that has the attribute in another decision', () => {
    // Kazimierz has its own rent (2025-04-07-01): "czynsz w Kazimierzu" is answerable.
    expect(checkSwap(log, ent('Kazimierzu'), ent('Podgórzu'), rentAttr, ['2025-01-10-01'])).toBe('co-occurs-with-attribute');
  });

  it('accepts a place the log names but never with the attribute', () => {
    expect(checkSwap(log, ent('Bronowicach'), ent('Podgórzu'), rentAttr, ['2025-01-10-01'])).toBeNull();
  });

  it('rejects a swap to an entity of the answering decision itself', () => {
    const q = 'w które dni przychodzi dostawa mąki do podgórza?';
    const m = findMentions(q, log.entities)[0]!;
    const attr = attributeTerms(log, q, m, ['2025-03-05-01'], 0.5);
    expect(checkSwap(log, ent('Kazimierzu'), m.entity, attr, ['2025-03-05-01'])).toBe('in-answering-decision');
    // Same for a product code written next to the answer (BUL-02 is priced in the same decision).
    const p = 'ile kosztował bochenek CHL-01 od czerwca?';
    const pm = findMentions(p, log.entities)[0]!;
    const productAttr = attributeTerms(log, p, pm, ['2025-06-02-01'], 0.5);
    expect(checkSwap(log, ent('BUL-02'), pm.entity, productAttr, ['2025-06-02-01'])).toBe('in-answering-decision');
    // Before a product code the noun stays an attribute (a cake code must not be priced as a loaf).
    expect(productAttr).toContain(stem('bochenek'));
  });

  it('rejects everything when the question has no attribute words the answer shares', () => {
    const q = 'co ustala umowa UM/2025/003?';
    const m = findMentions(q, log.entities)[0]!;
    const attr = attributeTerms(log, q, m, ['2025-01-10-01'], 0.5);
    expect(attr).toEqual([]);
    expect(checkSwap(log, ent('UM/2025/007'), m.entity, attr, ['2025-01-10-01'])).toBe('no-attribute');
  });

  it('counts a full name as mentioned wherever its given name alone is', () => {
    // "Ewa" pays the rent (2025-07-20-01), so "Ewa Kowal" is not proven unrelated to rent.
    const kowal = log.entities.find((e) => e.stems.length === 2 && e.stems[0] === stem('Ewa'))!;
    expect(kowal.type).toBe('person');
    expect(checkSwap(log, kowal, ent('Tomasz'), rentAttr, ['2025-01-10-01'])).toBe('co-occurs-with-attribute');
  });

  it('treats a whole supersession chain as answering', () => {
    // 2025-08-04-01 replaces 2025-06-02-01: a question answered by the old one also covers the new one.
    const q = 'ile kosztuje bochenek CHL-01?';
    const m = findMentions(q, log.entities)[0]!;
    expect(checkSwap(log, ent('CHL-01'), m.entity, ['bochen'], ['2025-06-02-01'])).toBe('same-entity');
    expect(log.chain.get('2025-06-02-01')).toEqual(new Set(['2025-06-02-01', '2025-08-04-01']));
  });
});

describe('near-miss generator', () => {
  const golden: NearMissSource[] = [
    { q: 'ile wynosi czynsz w podgórzu?', expect: ['2025-01-10-01'], kind: 'semantic' },
    { q: 'ile kosztuje bochenek CHL-01?', expect: ['2025-06-02-01'], kind: 'id' },
    { q: 'ile kosztował bochenek CHL-01 od czerwca?', expect: ['2025-06-02-01'], kind: 'id' },
    { q: 'ile kosztował tort TRT-05 w lipcu?', expect: ['2025-07-01-01'], kind: 'history' },
    { q: 'ile kosztował bochenek CHL-01 w czerwcu?', expect: ['2025-06-02-01'], kind: 'history' },
    { q: 'czy mamy sklep w bronowicach?', expect: [], kind: 'unanswerable' },
  ];
  const r = generateNearMisses(LOG, golden, { fromTitles: false });
  const qs = r.nearMisses.map((n) => n.q);

  it('swaps the branch for one never named with the attribute, in the form the log uses after the same preposition', () => {
    expect(qs).toContain('ile wynosi czynsz w bronowicach?');
    expect(qs).not.toContain('ile wynosi czynsz w kazimierzu?');
    const nm = r.nearMisses.find((n) => n.q === 'ile wynosi czynsz w bronowicach?')!;
    expect(nm).toMatchObject({
      expect: [],
      kind: 'unanswerable',
      source_q: 'ile wynosi czynsz w podgórzu?',
      origin: 'golden',
      swap: { type: 'place', from: 'podgórzu', to: 'bronowicach' },
    });
  });

  it('fixes the preposition the Polish way for the new name', () => {
    // Wrocław is written "we Wrocławiu"; the swap from "w Podgórzu" keeps the vowel.
    const places = r.nearMisses.filter((n) => n.source_q === 'ile wynosi czynsz w podgórzu?').map((n) => n.q);
    expect(places).toContain('ile wynosi czynsz we wrocławiu?');
  });

  it('swaps a product code only for product codes never named with what the question asks', () => {
    const codes = r.nearMisses.filter((n) => n.source_q === 'ile kosztował bochenek CHL-01 od czerwca?').map((n) => n.swap.to);
    expect(codes).toContain('TRT-05');
    expect(codes).not.toContain('BUL-02');
    expect(codes).not.toContain('UM/2025/003');
    // Asked by price and kind alone, any code has an answer (its own price): no near miss.
    expect(r.nearMisses.some((n) => n.source_q === 'ile kosztuje bochenek CHL-01?')).toBe(false);
  });

  it('moves a month to the year before the log only when nothing records an earlier state', () => {
    expect(qs).toContain('ile kosztował tort TRT-05 w lipcu 2024?');
    // The first bread decision says what the price was before the log ("Dotychczas … 8 zł"): no
    // time swap; the later cake decision saying what it replaces (inside the log) does not matter.
    expect(qs.some((q) => q.startsWith('ile kosztował bochenek CHL-01 w czerwcu 2024'))).toBe(false);
  });

  it('never starts from unanswerable questions and never repeats a golden question', () => {
    expect(r.nearMisses.some((n) => n.source_q === 'czy mamy sklep w bronowicach?')).toBe(false);
    expect(r.nearMisses.every((n) => !golden.some((g) => g.q === n.q))).toBe(true);
    expect(r.counts.place + r.counts.street + r.counts.person + r.counts.org + r.counts.code + r.counts.time).toBe(r.nearMisses.length);
  });

  it('builds one question per decision from its title', () => {
    const t = titleQuestions(LOG);
    expect(t).toHaveLength(LOG.length);
    expect(t[0]).toEqual({ q: 'co ustaliliśmy w sprawie: Najem lokalu w Podgórzu?', expect: ['2025-01-10-01'], kind: 'title', origin: 'title' });
  });

  it('checks its options', () => {
    expect(() => generateNearMisses(LOG, golden, { commonTermShare: 0 })).toThrow(RangeError);
    expect(() => generateNearMisses(LOG, golden, { maxPerEntity: 0 })).toThrow(RangeError);
  });

  it('samples evenly and deterministically', () => {
    const xs = Array.from({ length: 10 }, (_, i) => i);
    expect(evenSample(xs, 5)).toEqual([0, 2, 4, 6, 8]);
    expect(evenSample(xs, 20)).toEqual(xs);
  });
});

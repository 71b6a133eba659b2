/**
 * A history question is told by the chain of the matter its main clause names: "u kogo kupowaliśmy
 * kwiaty, zanim przeszliśmy do obecnej hurtowni?" by the flower wholesalers' decisions, not by the
 * pot wholesalers' chain ranked first, whose titles name the "hurtownia" of the clause of time. A
 * florist of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';

const pots = decisionFragments('2026-03-02-01', [['TL;DR', 'Doniczki i osłonki kupujemy w hurtowni Ceramik z Bolesławca.']], {
  title: 'Doniczki z hurtowni Ceramik',
  supersededBy: '2026-08-03-01',
  superseded: true,
});
const potsNow = decisionFragments('2026-08-03-01', [['TL;DR', 'Od sierpnia doniczki kupujemy w hurtowni Glinex, a umowę z Ceramikiem wypowiadamy.']], {
  title: 'Glinex zamiast Ceramika',
  supersedes: '2026-03-02-01',
});
const flowers = decisionFragments('2026-02-02-01', [['TL;DR', 'Od lutego głównym dostawcą kwiatów ciętych jest Rosa z Broniszów.']], {
  title: 'Kwiaty cięte zamawiamy w Rosie',
  supersededBy: '2026-06-01-01',
  superseded: true,
});
const flowersNow = decisionFragments('2026-06-01-01', [['TL;DR', 'Od czerwca głównym dostawcą kwiatów jest Florex, a umowę z Rosą wypowiadamy.']], {
  title: 'Florex zamiast Rosy',
  supersedes: '2026-02-02-01',
});
// Retrieval's order: the pots' chain first.
const log = [...potsNow, ...pots, ...flowers, ...flowersNow];

describe('a history question without a head noun', () => {
  it('is answered from the chain whose title names the noun of its main clause', () => {
    const plan = planFragments('u kogo kupowaliśmy kwiaty, zanim przeszliśmy do obecnej hurtowni?', log);
    expect(plan.mode).toBe('history');
    expect(plan.chosen[0]?.source.decisionId).toBe('2026-02-02-01');
  });

  it('stays in the chain whose title names that noun', () => {
    const plan = planFragments('u kogo kupowaliśmy doniczki, zanim przeszliśmy do obecnej hurtowni?', log);
    expect(['2026-03-02-01', '2026-08-03-01']).toContain(plan.chosen[0]?.source.decisionId);
  });

  it("keeps retrieval's order when no title names a noun of the main clause", () => {
    // "towar" is named by no title: whatever was bought, the best-ranked chain stays first.
    const plan = planFragments('od kogo braliśmy towar, zanim przeszliśmy do obecnej hurtowni?', log);
    expect(plan.mode).toBe('history');
    expect(plan.chosen[0]?.source.decisionId).toBe('2026-08-03-01');
  });
});

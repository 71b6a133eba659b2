/**
 * Near misses at scale: answerable golden questions turned into unanswerable ones by swapping
 * the entity the question constrains (a branch, a person, a company or product, a code, a
 * period) for one that exists elsewhere in the same log but never together with what the
 * question asks about.
 *
 * Pure functions over the decision texts and the golden questions of any log in the format of
 * corpus FORMAT.md; nothing here knows a particular business. A variant is kept only when the
 * log proves it unanswerable with the same lexical analysis the index uses:
 *  - the new entity E' never appears in the decisions that answer the original question nor in
 *    their supersession chains (the same topic over time), and
 *  - no decision of the log holds E' together with any key attribute term of the question
 *    (its content words, plus the title words of the answering decisions, minus E itself and
 *    minus terms so common that they say nothing about the topic).
 * Whatever cannot be checked this way is discarded: the generator prefers fewer, surer negatives.
 */
import { checkSwap, indexLog, mentions, type Rejection } from './near-miss-log';
import { attributeTerms, findMentions, questionTokens, replaceSpan, surfaceFor, variant } from './near-miss-question';
import { timeVariant } from './near-miss-time';
import type { LogEntity, NearMiss, NearMissDecision, NearMissOptions, NearMissSource, SwapType } from './near-miss-types';

// The generator's parts live in near-miss-*.ts (words, entities, log, question, time);
// everything callers used from here is re-exported.
export type { EntityType, LogEntity, NearMiss, NearMissDecision, NearMissOptions, NearMissOrigin, NearMissSource, SwapType } from './near-miss-types';
export { codeKey, nameStem } from './near-miss-words';
export { extractEntities } from './near-miss-entities';
export { checkSwap, indexLog, mentions, type LogIndex, type Rejection } from './near-miss-log';
export { attributeTerms, findMentions, surfaceFor, type EntityMention } from './near-miss-question';

/**
 * One answerable question per decision, asked the way a user looks a decision up by its subject
 * ("co ustaliliśmy w sprawie: Autoklaw Melag do Oliwy?"). The golden questions of a log are few
 * and mostly paraphrased away from the names they are about; the titles name the branch, the
 * person, the product or the code a decision is about, so they give the generator something to
 * swap in every decision.
 */
export function titleQuestions(decisions: NearMissDecision[]): NearMissSource[] {
  return decisions.flatMap((d) => {
    const title = decisionTitle(d);
    // The frame's own words are generic predicates (see GENERIC_PREDICATES): only the title is the attribute.
    return title ? [{ q: `co ustaliliśmy w sprawie: ${title}?`, expect: [d.id], kind: 'title', origin: 'title' as const }] : [];
  });
}

/** A decision's title: the first line of its text (near-miss-io.ts puts it there), without closing punctuation. */
function decisionTitle(d: NearMissDecision): string | undefined {
  return d.text
    .split('\n')
    .find((l) => l.trim())
    ?.trim()
    .replace(/[.?!:;]+$/u, '');
}

/**
 * One question per replaced decision about its subject now ("co teraz w sprawie: Nozbe zamiast
 * Todoist?"), answered by the decision at the end of its chain of replacements (FORMAT.md
 * `zastepuje`): a control of the present state that every chain of a log gives, no golden question
 * needed.
 */
export function replacedTitleQuestions(decisions: NearMissDecision[]): NearMissSource[] {
  const successor = new Map(decisions.flatMap((d) => (d.supersedes ? [[d.supersedes, d.id] as const] : [])));
  const end = (id: string) => {
    let current = id;
    for (let i = 0; successor.has(current) && i < decisions.length; i++) current = successor.get(current)!;
    return current;
  };
  return decisions.flatMap((d) => {
    const title = decisionTitle(d);
    return title && successor.has(d.id) ? [{ q: `co teraz w sprawie: ${title}?`, expect: [end(d.id)], kind: 'temporal', origin: 'title' as const }] : [];
  });
}

export interface NearMissResult {
  nearMisses: NearMiss[];
  /** Variants built per swap type. */
  counts: Record<SwapType, number>;
  /** Candidates discarded, by reason (for the report). */
  rejected: Record<Rejection | 'type-mismatch', number>;
  entities: LogEntity[];
}

/**
 * Near misses for a log: for every answerable question, each entity it mentions that also
 * appears in an answering decision is swapped for entities of the same type that the log proves
 * unrelated to the question's attribute; time-scoped questions are moved to the year before the
 * log starts when the log proves nothing was decided or recorded about that year.
 */
export function generateNearMisses(decisions: NearMissDecision[], golden: NearMissSource[], options: NearMissOptions = {}): NearMissResult {
  const commonTermShare = options.commonTermShare ?? 0.5;
  const maxPerEntity = options.maxPerEntity ?? 20;
  if (!(commonTermShare > 0 && commonTermShare <= 1)) throw new RangeError('commonTermShare must be in (0, 1]');
  if (!(maxPerEntity >= 1)) throw new RangeError('maxPerEntity must be at least 1');
  const log = indexLog(decisions);
  const counts: Record<SwapType, number> = { place: 0, street: 0, person: 0, org: 0, code: 0, time: 0 };
  const rejected: NearMissResult['rejected'] = { 'same-entity': 0, 'in-answering-decision': 0, 'co-occurs-with-attribute': 0, 'no-attribute': 0, 'type-mismatch': 0 };
  const out: NearMiss[] = [];
  const seen = new Set<string>();
  const push = (v: NearMiss) => {
    const k = v.q.toLowerCase();
    if (seen.has(k) || golden.some((g) => g.q.toLowerCase() === k)) return;
    seen.add(k);
    out.push(v);
    counts[v.swap.type]++;
  };

  const sources = [...golden, ...(options.fromTitles === false ? [] : titleQuestions(decisions))];
  for (const g of sources) {
    if (g.kind === 'unanswerable' || g.expect.length === 0) continue;
    if (!g.expect.some((id) => log.terms.has(id))) continue;
    const qToks = questionTokens(g.q);
    for (const m of findMentions(g.q, log.entities)) {
      // The swapped entity must be a constraint the answer satisfies: present in an answering decision.
      if (!g.expect.some((id) => mentions(log, id, m.entity))) continue;
      const attribute = attributeTerms(log, g.q, m, g.expect, commonTermShare);
      // A title that is little more than a company's name ("Współpraca z Pracownią Lumen") asks
      // about a relation every other company of the log also has: no near miss from it.
      if (g.origin === 'title' && m.entity.type === 'org' && attribute.length < 2) continue;
      const lowerCaseMention = g.q.slice(m.start, m.end) === g.q.slice(m.start, m.end).toLowerCase();
      let made = 0;
      for (const c of log.entities) {
        if (made >= maxPerEntity) break;
        if (c.type !== m.entity.type || c.family !== m.entity.family) {
          rejected['type-mismatch']++;
          continue;
        }
        const why = checkSwap(log, c, m.entity, attribute, g.expect);
        if (why) {
          rejected[why]++;
          continue;
        }
        const { surface, prev, slot } = surfaceFor(c, m.prev);
        // Companies, brands and products share one catch-all type: the log writing E' in the
        // same slot ("zamiast Nozbe", "w Asanie") is the evidence that it fits the question.
        if (c.type === 'org' && slot !== 'same-word') {
          rejected['type-mismatch']++;
          continue;
        }
        const text = c.type === 'code' ? surface : lowerCaseMention ? surface.toLowerCase() : surface;
        const q = replaceSpan(g.q, m, text, prev, qToks);
        push(variant(g, q, { type: c.type, from: g.q.slice(m.start, m.end), to: text }));
        made++;
      }
    }
    const t = timeVariant(log, g, commonTermShare);
    if (t) push(t);
  }
  return { nearMisses: out, counts, rejected, entities: log.entities };
}

/**
 * A deterministic sample of at most `n` items spread evenly over the list (keeps every swap
 * type and source question represented in the order generated).
 */
export function evenSample<T>(items: T[], n: number): T[] {
  if (items.length <= n) return [...items];
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(items[Math.floor((i * items.length) / n)]!);
  return out;
}

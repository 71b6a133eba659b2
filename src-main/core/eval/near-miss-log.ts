import { analyze } from '../retrieve/polish-analyzer';
import { extractEntities } from './near-miss-entities';
import type { LogEntity, NearMissDecision } from './near-miss-types';
import { codeKey, isCode, nameStem, tokenize } from './near-miss-words';

// The corpus as term sets, and the proof that a swapped entity cannot answer a question.

export interface LogIndex {
  decisions: NearMissDecision[];
  /** Analysed terms of each decision. */
  terms: Map<string, Set<string>>;
  /** Name stems (and code keys) of each decision's words, for entity presence. */
  nameStems: Map<string, Set<string>>;
  /** Title terms (first line) of each decision. */
  titleTerms: Map<string, string[]>;
  /** Decision → all decisions of its supersession chain (itself included). */
  chain: Map<string, Set<string>>;
  df: Map<string, number>;
  entities: LogEntity[];
  /** Years of the decision IDs (first and last). */
  years: { first: number; last: number };
}

export function indexLog(decisions: NearMissDecision[]): LogIndex {
  const terms = new Map<string, Set<string>>();
  const nameStems = new Map<string, Set<string>>();
  const titleTerms = new Map<string, string[]>();
  const df = new Map<string, number>();
  for (const d of decisions) {
    const t = new Set(analyze(d.text));
    terms.set(d.id, t);
    for (const x of t) df.set(x, (df.get(x) ?? 0) + 1);
    const ns = new Set<string>();
    for (const line of tokenize(d.text)) for (const tok of line) ns.add(isCode(tok.text) ? codeKey(tok.text) : nameStem(tok.text));
    nameStems.set(d.id, ns);
    titleTerms.set(d.id, analyze(d.text.split('\n').find((l) => l.trim()) ?? ''));
  }
  // Supersession chains as connected components.
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== undefined && parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  for (const d of decisions) parent.set(d.id, d.id);
  for (const d of decisions) if (d.supersedes && parent.has(d.supersedes)) parent.set(find(d.id), find(d.supersedes));
  const groups = new Map<string, Set<string>>();
  for (const d of decisions) {
    const r = find(d.id);
    groups.set(r, (groups.get(r) ?? new Set()).add(d.id));
  }
  const chain = new Map<string, Set<string>>();
  for (const d of decisions) chain.set(d.id, groups.get(find(d.id))!);
  const years = decisions.map((d) => Number(d.id.slice(0, 4))).filter((y) => Number.isFinite(y) && y > 0);
  return {
    decisions,
    terms,
    nameStems,
    titleTerms,
    chain,
    df,
    entities: extractEntities(decisions),
    years: { first: Math.min(...years), last: Math.max(...years) },
  };
}

/**
 * The decision mentions the entity: all its word stems (or its code), or a shorter name the log
 * also uses for it on its own — "Ewa" for "Ewa Malinowska", "Dentamax" for "Dentamax Hurt",
 * and "Olga" for "Marczak" when the log writes "Olga Marczak". Erring towards "mentioned" keeps
 * the unanswerability proof conservative.
 */
export function mentions(log: LogIndex, decisionId: string, e: Pick<LogEntity, 'stems'>): boolean {
  const ns = log.nameStems.get(decisionId);
  if (!ns) return false;
  if (e.stems.every((s) => ns.has(s))) return true;
  return aliasStems(log, e.stems).some((s) => ns.has(s));
}

function aliasStems(log: LogIndex, stems: string[]): string[] {
  const singles = new Set(log.entities.filter((x) => x.stems.length === 1).map((x) => x.key));
  const out = new Set<string>();
  if (stems.length > 1) for (const s of stems) if (singles.has(s)) out.add(s);
  if (stems.length === 1) {
    // A surname alone: the given names the log writes it with.
    for (const x of log.entities)
      if (x.type === 'person' && x.stems.length > 1 && x.stems.slice(1).includes(stems[0]!)) for (const s of x.stems) if (singles.has(s) && s !== stems[0]) out.add(s);
  }
  return [...out];
}

/** Decisions of the expected answers and their whole supersession chains. */
export function answeringDecisions(log: LogIndex, expect: string[]): Set<string> {
  const out = new Set<string>();
  for (const id of expect) for (const c of log.chain.get(id) ?? [id]) out.add(c);
  return out;
}

export type Rejection = 'same-entity' | 'in-answering-decision' | 'co-occurs-with-attribute' | 'no-attribute';

/**
 * Proves that `candidate` cannot answer the question with its attribute terms: it is not in any
 * answering decision (nor their chains), and no decision holds it together with an attribute term.
 */
export function checkSwap(
  log: LogIndex,
  candidate: Pick<LogEntity, 'stems' | 'key'>,
  original: Pick<LogEntity, 'stems' | 'key'>,
  attribute: string[],
  expect: string[],
): Rejection | null {
  if (candidate.key === original.key || candidate.stems.some((s) => original.stems.includes(s))) return 'same-entity';
  if (attribute.length === 0) return 'no-attribute';
  for (const id of answeringDecisions(log, expect)) if (mentions(log, id, candidate)) return 'in-answering-decision';
  for (const d of log.decisions) {
    if (!mentions(log, d.id, candidate)) continue;
    const terms = log.terms.get(d.id)!;
    if (attribute.some((t) => terms.has(t))) return 'co-occurs-with-attribute';
  }
  return null;
}

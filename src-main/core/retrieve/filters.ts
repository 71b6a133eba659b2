import type { ChunkMetadata } from '../../../src-shared/types';
import type { FilterTrace, TemporalIntent } from '../../../src-shared/retrieval';
import type { MetadataWhere } from '../store/vector-store';
import type { Period, QueryAnalysis, TimeScope } from '../../../src-shared/query';
import { speaksOfPast } from '../query/tense';
import { periodReportTest } from '../query/time-scope';
import { iso } from '../text/calendar';

export interface IntentResult {
  intent: TemporalIntent;
  cues: string[];
}

/**
 * The retrieval intent of an analysed time scope: a named span that has begun is about a
 * state that may since have been replaced, so superseded decisions stay candidates (the
 * period filter then keeps those valid in the span).
 */
export function intentOf(time: TimeScope, today: string): IntentResult {
  if (time.kind === 'period') return { intent: time.period && time.period.from <= today ? 'history' : 'neutral', cues: time.cues };
  return { intent: time.kind, cues: time.cues };
}

/**
 * "czemu przestaliśmy korzystać z Booksy?": the reason of a past act is told by the decision that
 * made it, which a later one may since have replaced in a detail ("Versum — wyższy pakiet od
 * września" replaces "Versum zamiast Booksy"). A question of why, in the past tense, keeps
 * superseded decisions as candidates, as a history question does.
 */
export function asksPastReason(analysis: Pick<QueryAnalysis, 'answerType' | 'normalized'>): boolean {
  return analysis.answerType === 'reason' && speaksOfPast(analysis.normalized.toLowerCase());
}

/** The store/lexical `where` for an intent: superseded decisions only for history questions and the reasons of past acts. */
export function supersededWhere(intent: TemporalIntent, pastReason = false): MetadataWhere | undefined {
  return intent === 'history' || pastReason ? undefined : { superseded: false };
}

export function supersededFilterTrace(intent: TemporalIntent, pastReason = false): FilterTrace {
  return intent === 'history' || pastReason
    ? {
        name: 'superseded',
        applied: false,
        reason: pastReason ? 'Pytanie o powód dawnej decyzji: uwzględniono także decyzje zastąpione.' : 'Pytanie o stan wcześniejszy: uwzględniono także decyzje zastąpione.',
        affected: 0,
      }
    : {
        name: 'superseded',
        applied: true,
        reason: 'Pominięto decyzje zastąpione nowszymi (pytanie nie dotyczy historii).',
        affected: 0,
      };
}

export interface Scored {
  id: string;
  score: number;
  metadata: ChunkMetadata;
}

/** Today's date as `YYYY-MM-DD` in local time. */
export function todayIso(now = new Date()): string {
  return iso(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** Decisions dated after `today` are not in force yet; history questions keep them. */
export function filterFuture<T extends Scored>(ranked: T[], intent: TemporalIntent, today: string): { ranked: T[]; filter: FilterTrace } {
  if (intent === 'history') {
    return {
      ranked,
      filter: { name: 'future', applied: false, reason: 'Pytanie o historię: bez filtrowania po dacie.', affected: 0 },
    };
  }
  const kept = ranked.filter((r) => !r.metadata.date || r.metadata.date <= today);
  return {
    ranked: kept,
    filter: {
      name: 'future',
      applied: true,
      reason: `Pominięto decyzje z datą po dniu ${today} (jeszcze nie obowiązują).`,
      affected: ranked.length - kept.length,
    },
  };
}

/**
 * The day a decision (by ID, taken on `date`) takes effect, from its summary ("Od 1 września …",
 * text/effective-date.ts); the decision date when unknown.
 */
export type EffectiveDate = (decisionId: string, date: string) => string;
const takenOn: EffectiveDate = (_id, date) => date;

/** The date a decision stopped being valid: the day its successor took effect (the successor's ID starts with its date). */
function endOf(m: ChunkMetadata, effective: EffectiveDate): string | undefined {
  return m.supersededBy && /^\d{4}-\d{2}-\d{2}/.test(m.supersededBy) ? effective(m.supersededBy, m.supersededBy.slice(0, 10)) : undefined;
}

/**
 * Keeps decisions that match a named period: valid at some point of it (`in-force`: in effect on
 * or before its end and not replaced before its start, by the days they take effect) or taken
 * within it (`dated`). For a reporting period (a year, a quarter) `in-force` also keeps later
 * decision chunks that name it: that is where its figures are told ("Przychód w Q1 wyniósł…", "W 2025 brałem…").
 * Documents without a date are not decisions and always stay.
 */
export function filterPeriod<T extends Scored & { text?: string }>(ranked: T[], period: Period, effective: EffectiveDate = takenOn): { ranked: T[]; filter: FilterTrace } {
  const reports = periodReportTest(period);
  let reporting = 0;
  const kept = ranked.filter((r) => {
    const date = r.metadata.date;
    if (!date || !r.metadata.decisionId) return true;
    if (period.match === 'dated') return date >= period.from && date <= period.to;
    const end = endOf(r.metadata, effective);
    if (effective(r.metadata.decisionId, date) <= period.to && (end === undefined || end > period.from)) return true;
    // A year's or a quarter's figures are told after it ends, by a decision that names it.
    const report = reports?.(date, r.text ?? '') ?? false;
    if (report) reporting++;
    return report;
  });
  return {
    ranked: kept,
    filter: {
      name: 'period',
      applied: true,
      reason:
        period.match === 'dated'
          ? `Pytanie o okres „${period.label}”: tylko decyzje podjęte między ${period.from} a ${period.to}.`
          : `Pytanie o okres „${period.label}”: tylko decyzje obowiązujące między ${period.from} a ${period.to}${reporting ? ` i późniejsze fragmenty, które ten okres podsumowują (${reporting})` : ''}.`,
      affected: ranked.length - kept.length,
      detail: { ...period },
    },
  };
}

/**
 * For history questions: a decision that superseded another is evidence that the earlier
 * state lives in its predecessor ("zanim przeszedłem na X" finds X's decision, the answer is
 * the one X replaced). The predecessor's chunk is placed right after its successor among the
 * top `depth` documents. `predecessorChunk` looks the chunk up (the lexical index holds all).
 */
export function expandPredecessors<T extends Scored>(
  ranked: T[],
  intent: TemporalIntent,
  predecessorChunk: (decisionId: string) => T | undefined,
  depth = 3,
): { ranked: T[]; added: string[] } {
  if (intent !== 'history') return { ranked, added: [] };
  const out = [...ranked];
  const added: string[] = [];
  const docsSeen = new Set<string>();
  for (let i = 0; i < out.length && docsSeen.size < depth; i++) {
    const m = out[i]!.metadata;
    if (docsSeen.has(m.docId)) continue;
    docsSeen.add(m.docId);
    const prev = m.supersedes;
    if (!prev) continue;
    const already = out.findIndex((r) => r.metadata.decisionId === prev);
    if (already !== -1 && already < i) continue;
    const chunk = already !== -1 ? out.splice(already, 1)[0]! : predecessorChunk(prev);
    if (!chunk) continue;
    out.splice(i + 1, 0, { ...chunk, score: out[i]!.score });
    added.push(prev);
    i++;
  }
  return { ranked: out, added };
}

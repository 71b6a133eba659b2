import type { ChunkMetadata } from '../../../src-shared/types';
import type { FilterTrace, TemporalIntent } from '../../../src-shared/retrieval';
import type { MetadataWhere } from '../store/vector-store';
import { foldDiacritics } from './polish-analyzer';

// Cues are matched on folded, lower-case words (prefix match for inflected forms).
const HISTORY_CUES: ReadonlyArray<string> = [
  'wczesniej', 'poprzednio', 'poprzedni', 'histori', 'przed zmian', 'dawniej', 'kiedys',
  'stara', 'stary', 'stare', 'starej', 'starego', 'starym', 'pierwotn', 'zanim', 'uprzednio',
  'byla', 'bylo', 'byl ', 'kosztowal', 'mialem', 'mialam', 'prowadzilem', 'prowadzilam',
  'uzywalem', 'uzywalam', 'na poczatku roku', 'w przeszlosci', 'przedtem', 'zmienil',
];
const CURRENT_CUES: ReadonlyArray<string> = [
  'obecn', 'teraz', 'aktualn', 'dzis', 'dzisiaj', 'obowiazuj', 'na dzien dzisiejszy',
  'w tej chwili', 'aktualnie', 'najnowsz', 'biezac', 'od teraz', 'wlasnie teraz',
];

export interface IntentResult {
  intent: TemporalIntent;
  cues: string[];
}

/**
 * Whether the question asks about the present state or an earlier one. History wins over
 * current when both appear ("ile kosztowało wcześniej, a ile teraz?" needs the old decision).
 */
export function detectTemporalIntent(question: string): IntentResult {
  const text = ` ${foldDiacritics(question.normalize('NFC').toLowerCase()).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  const has = (cue: string) => (cue.endsWith(' ') ? text.includes(` ${cue}`) : text.includes(` ${cue}`));
  const history = HISTORY_CUES.filter(has).map((c) => c.trim());
  if (history.length > 0) return { intent: 'history', cues: history };
  const current = CURRENT_CUES.filter(has);
  if (current.length > 0) return { intent: 'current', cues: current };
  return { intent: 'neutral', cues: [] };
}

/** The store/lexical `where` for an intent: superseded decisions only for history questions. */
export function supersededWhere(intent: TemporalIntent): MetadataWhere | undefined {
  return intent === 'history' ? undefined : { superseded: false };
}

export function supersededFilterTrace(intent: TemporalIntent): FilterTrace {
  return intent === 'history'
    ? {
        name: 'superseded',
        applied: false,
        reason: 'Pytanie o stan wcześniejszy: uwzględniono także decyzje zastąpione.',
        affected: 0,
      }
    : {
        name: 'superseded',
        applied: true,
        reason: 'Pominięto decyzje zastąpione nowszymi (pytanie nie dotyczy historii).',
        affected: 0,
      };
}

export interface TemporalOptions {
  /** `YYYY-MM-DD` */
  today: string;
  /**
   * Days before `today` in which a decision counts as recent for "current" questions.
   * Measured on the golden set (30–365 days tried; 60 was the only one with every temporal
   * question's newest decision in the top 3): @default 60
   */
  windowDays?: number;
  /** Multiplicative boost for in-window decisions on "current" questions. @default 0.15 */
  windowBoost?: number;
  /** Scores within this relative distance count as a tie, broken by recency. @default 0.02 */
  tieEpsilon?: number;
}

export const DEFAULT_WINDOW_DAYS = 60;
export const DEFAULT_WINDOW_BOOST = 0.15;

export interface Scored {
  id: string;
  score: number;
  metadata: ChunkMetadata;
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Today's date as `YYYY-MM-DD` in local time. */
export function todayIso(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** Decisions dated after `today` are not in force yet; history questions keep them. */
export function filterFuture<T extends Scored>(
  ranked: T[],
  intent: TemporalIntent,
  today: string,
): { ranked: T[]; filter: FilterTrace } {
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
 * For "current" questions, decisions dated within `windowDays` before today get a
 * multiplicative boost, and near-ties go to the newer decision. Other intents: unchanged.
 */
export function preferRecent<T extends Scored>(
  ranked: T[],
  intent: TemporalIntent,
  options: TemporalOptions,
): { ranked: T[]; filter: FilterTrace } {
  const { today } = options;
  const windowDays = options.windowDays ?? DEFAULT_WINDOW_DAYS;
  const boost = options.windowBoost ?? DEFAULT_WINDOW_BOOST;
  const eps = options.tieEpsilon ?? 0.02;
  if (intent !== 'current') {
    return {
      ranked,
      filter: {
        name: 'recency-window',
        applied: false,
        reason: 'Pytanie nie dotyczy stanu obecnego: bez preferencji dla najnowszych decyzji.',
        affected: 0,
      },
    };
  }
  let boosted = 0;
  const rescored = ranked.map((r, i) => {
    const date = r.metadata.date;
    const age = date ? daysBetween(date, today) : undefined;
    const inWindow = age !== undefined && age >= 0 && age <= windowDays;
    if (inWindow) boosted++;
    return { r, i, score: inWindow ? r.score * (1 + boost) : r.score, date: date ?? '' };
  });
  rescored.sort((a, b) => {
    const hi = Math.max(Math.abs(a.score), Math.abs(b.score), 1e-9);
    if (Math.abs(a.score - b.score) / hi <= eps && a.date !== b.date) return a.date < b.date ? 1 : -1;
    return b.score - a.score || a.i - b.i;
  });
  return {
    ranked: rescored.map((x) => ({ ...x.r, score: x.score })),
    filter: {
      name: 'recency-window',
      applied: true,
      reason: `Pytanie o stan obecny: decyzje z ${windowDays} dni przed ${today} mają pierwszeństwo, przy remisie wygrywa nowsza.`,
      affected: boosted,
      detail: { windowDays, boost, tieEpsilon: eps },
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

/**
 * "w czym prowadziliśmy kartoteki przed Animalisem?": "przed" with a name in the instrumental, in a
 * question in the past tense, places it before that name came in — the program, supplier or person
 * that replaced an earlier one. The state asked is the earlier one (a history question), and the
 * name marks the time, not a thing the answer must carry: the earlier decision does not name its
 * successor. A word may stand between ("przed samym Kasomatem", "przed wprowadzeniem Kasomatu").
 * In the present tense "przed" stays spatial or a deadline ("kto stoi przed sklepem?", "co robimy
 * przed wizytą?"), and a common noun is no such marker ("przed wszczepieniem implantu").
 */
import type { FocusConstraint, QueryAnalysis } from '../../../src-shared/query';
import { escapeRe } from '../text/identifiers';
import { speaksOfPast } from './tense';

export function beforeName(normalized: string, time: QueryAnalysis['time'], focus: FocusConstraint[]): { time: QueryAnalysis['time']; focus: FocusConstraint[] } {
  if (time.kind !== 'neutral') return { time, focus };
  const lower = normalized.toLowerCase();
  if (!lower.includes('przed ') || !speaksOfPast(lower)) return { time, focus };
  const name = focus.find((f) => f.kind === 'entity' && new RegExp(`(?<![\\p{L}])przed\\s+(?:\\p{L}+\\s+)?${escapeRe(f.text.toLowerCase())}(?![\\p{L}\\p{N}])`, 'u').test(lower));
  if (!name) return { time, focus };
  return { time: { kind: 'history', cues: [`przed ${name.text}`] }, focus: focus.filter((f) => f !== name) };
}

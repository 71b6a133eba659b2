/**
 * The day a decision takes effect. A decision log states a change with its start date in the
 * summary's first sentence ("Od 1 września czynsz wynosi 9350 zł", "Od maja podnosimy budżet"):
 * a decision taken on 3 August may rule from 1 September, and until then the one it replaces is in
 * force. Without such a start the decision rules from the day it was taken.
 */
import { iso } from './calendar';
import { MONTH_FORMS } from './polish-months';
import { splitLineIntoSentences } from './sentences';

let START: RegExp | undefined;
/** "od 1 września", "Od maja", "od 1 stycznia 2027": the genitive of a month after "od". */
function startPattern(): RegExp {
  const genitives = MONTH_FORMS.map((forms) => forms[1]!).join('|');
  return (START ??= new RegExp(`(?<![\\p{L}])od\\s+(?:(\\d{1,2})\\.?\\s+)?(${genitives})(?:\\s+(\\d{4}))?(?![\\p{L}])`, 'iu'));
}

/**
 * The effective start (`YYYY-MM-DD`) of a decision taken on `decisionDate` whose summary is
 * `summary`: the first "od <dzień> <miesiąc>" of its first sentence, in the year written or, without
 * one, the year that puts it nearest the decision ("Od 1 stycznia" decided in November is next
 * January); else `decisionDate`.
 */
export function effectiveFrom(decisionDate: string, summary: string): string {
  const line = summary.split('\n').find((l) => l.trim() !== '' && !l.trimStart().startsWith('#')) ?? '';
  const first = splitLineIntoSentences(line.trim())[0] ?? '';
  const m = first.match(startPattern());
  if (!m) return decisionDate;
  const month = MONTH_FORMS.findIndex((forms) => forms[1] === m[2]!.toLowerCase()) + 1;
  const day = Number(m[1] ?? 1);
  if (month < 1 || day < 1 || day > 31) return decisionDate;
  const at = (y: number) => iso(y, month, day);
  if (m[3]) return at(Number(m[3]));
  const y = Number(decisionDate.slice(0, 4));
  const distance = (d: string) => Math.abs(Date.parse(d) - Date.parse(decisionDate));
  return [y - 1, y, y + 1].map(at).sort((a, b) => distance(a) - distance(b))[0]!;
}

/**
 * The default generator: no language model. It answers with sentences copied from the
 * context (each followed by its citation), or, for a count or a total over a table, with
 * the number computed from the table rows themselves.
 */
import type { Fragment } from '../../../src-shared/types';
import type { QueryAnalysis } from '../../../src-shared/query';
import { analyzeQuery } from '../query/analyze';
import { carriesAnswerType, isTypedAnswer } from './answer-type-match';
import { checkSources, planEvidence, type EvidencePlan, type ScoredUnit, type SourceCheck } from './evidence';
import { STATEMENT_SECTION } from '../text/decision-sections';
import { gatherSources } from './sources';
import { composeSeveral } from './aggregate';
import { verdictOf } from './yes-no';
import { withAmount } from './yes-no-amount';
export { yesNo } from './yes-no';

export { moneyIn } from './aggregate';
import type { GenerationInput, GenerationOutput, Generator } from './generator';
import { tableCellAnswer } from './table-cell';
import { citationLabel, quotedSentence, contentTerms, detectTableRows, formatPolishNumber, numberValue, tableHeader, termCoverage, type TableRow } from './text';
import { keepingUnit } from './kept-facts';
import { disagreeingSource } from './rival';
import { summaryAsked, summaryFollower } from './summary-answer';
import { namesIn } from './evidence-match';
import { splitSecondQuestion } from '../query/second-question';
import { containsPhrase } from '../text/identifiers';
import { posTags } from '../retrieve/polish-analyzer';
import { askedThing } from './asked-thing';
import { asksDuration, carriesDuration } from './duration';

export const MAX_ANSWER_SENTENCES = 5;

const COUNT_RE = /(?<!\p{L})(ilu|ile|liczba|ilość)(?!\p{L})/iu;
const SUM_RE = /(?<!\p{L})(łącznie|razem|w sumie|suma|sumy|sumaryczn\p{L}*|ogółem|całkowit\p{L}*)(?!\p{L})/iu;
const AMOUNT_RE = /(koszt|kwot|wynosi|cen[aęy](?!\p{L})|stawk|zapłac|wartoś|(?<!\p{L})zł(?!\p{L})|złot)/iu;

export type TableQuestion = 'count' | 'sum' | undefined;

/** Whether the question asks for a count of table rows or a total of a column. */
export function tableQuestionKind(question: string): TableQuestion {
  if (SUM_RE.test(question) && (COUNT_RE.test(question) || /(?<!\p{L})(jak\p{L}*)(?!\p{L})/iu.test(question))) return 'sum';
  if (COUNT_RE.test(question) && !AMOUNT_RE.test(question)) return 'count';
  return undefined;
}

export interface TableOfDocument {
  docId: string;
  /** Fragments of the document that carry rows, in document order. */
  fragments: Fragment[];
  header?: string[];
  rows: TableRow[];
  summary?: TableRow;
}

/** The rows of one document's table, gathered across its fragments in chunk order, deduplicated. */
export function tableOfDocument(fragments: Fragment[], docId: string): TableOfDocument {
  const own = fragments.filter((f) => f.metadata.docId === docId).sort((a, b) => a.metadata.chunkIndex - b.metadata.chunkIndex);
  const seen = new Set<string>();
  const rows: TableRow[] = [];
  let header: string[] | undefined;
  let summary: TableRow | undefined;
  const withRows: Fragment[] = [];
  for (const f of own) {
    const r = detectTableRows(f.body);
    if (r.length === 0) continue;
    withRows.push(f);
    header ??= tableHeader(f.body, r)?.cells;
    for (const row of r) {
      if (seen.has(row.text)) continue;
      seen.add(row.text);
      if (row.summary) summary = row;
      else rows.push(row);
    }
  }
  return { docId, fragments: withRows, header, rows, summary };
}

/** The first cell of each row when it looks like a row identifier (ST001, 1, FV-…). */
function rowKeys(rows: TableRow[]): string[] | undefined {
  const keys = rows.map((r) => r.cells[0] ?? '');
  return keys.every((k) => k.length > 0 && k.length <= 16 && /\d/.test(k)) ? keys : undefined;
}

function tableAnswer(kind: 'count' | 'sum', question: string, fragments: Fragment[]): string | undefined {
  const first = fragments.find((f) => detectTableRows(f.body).filter((r) => !r.summary).length >= 3);
  if (!first) return undefined;
  const table = tableOfDocument(fragments, first.metadata.docId);
  if (table.rows.length < 3) return undefined;
  const label = citationLabel(first);
  const title = first.metadata.title ?? first.metadata.breadcrumb[0] ?? first.metadata.fileName;
  if (kind === 'count') {
    const keys = rowKeys(table.rows);
    return quotedSentence(`„${title}” zawiera ${table.rows.length} pozycji (wierszy danych tabeli)${keys ? `: ${keys.join(', ')}` : ''}`, label);
  }
  if (!table.header) return undefined;
  const terms = contentTerms(question);
  const scored = table.header
    .map((cell, col) => ({ cell, col, cov: termCoverage(terms, cell) }))
    .filter((c) => c.cov > 0 && table.rows.every((r) => r.cells.length === table.header!.length && !Number.isNaN(numberValue(r.cells[c.col] ?? ''))))
    .sort((a, b) => b.cov - a.cov || b.col - a.col);
  const best = scored[0];
  if (!best) return undefined;
  const values = table.rows.map((r) => r.cells[best.col]!);
  const decimals = Math.max(...values.map((v) => (v.includes(',') ? v.split(',')[1]!.length : 0)));
  const total = values.reduce((s, v) => s + numberValue(v), 0);
  const formatted = formatPolishNumber(total, decimals);
  // The total row may span leading columns: align its cells from the right.
  const fromRight = table.header.length - best.col;
  const stated = table.summary ? table.summary.cells[table.summary.cells.length - fromRight] : undefined;
  const agrees = stated !== undefined && Math.abs(numberValue(stated) - total) < 0.005;
  const check = stated === undefined ? '' : agrees ? `; tyle samo podaje wiersz „${table.summary!.cells[0]}”` : `; uwaga: wiersz „${table.summary!.cells[0]}” podaje ${stated}`;
  return quotedSentence(`Suma kolumny „${best.cell}” z ${table.rows.length} wierszy tabeli „${title}” wynosi ${formatted}${check}`, label);
}

function labelOf(u: ScoredUnit): string {
  return citationLabel(u.fragment);
}

/** The second sentence of a single answer: one from the same source that adds a focus word the first lacks. */
function complement(check: SourceCheck, first: ScoredUnit, analysis: QueryAnalysis, threshold: number): ScoredUnit | undefined {
  const focus = analysis.focus.map((f) => f.term);
  if (focus.length === 0 || first.coverage >= 1) return undefined;
  const firstTerms = new Set(contentTerms(first.text));
  // A sentence kept from a replaced decision (kept-facts.ts) is told only as the answer itself.
  return check.units
    .filter((u) => u !== first && u.text !== first.text && u.relevance >= threshold && u.fragment.metadata.docId === check.source.docId)
    .filter((u) => contentTerms(u.text).some((t) => focus.includes(t) && !firstTerms.has(t)))
    .sort((a, b) => b.relevance - a.relevance)[0];
}

/**
 * The older decision's sentence on what the newer one's sentence `now` says: a history tells two
 * states of one thing ("wypożyczamy je gościom za 120 zł za dzień" before "dzień na rowerze kosztuje
 * 90 zł", not the purchase of the bikes that heads the older decision). The older decision's
 * sentence of the expected type in a statement section naming the thing asked ("ile kosztował
 * **pakiet** ślubny…?", not the travel fee beside it), then sharing the most words with `now`; its
 * headline (else its best sentence) unless another does better. For a question of a value (a
 * price, an hour, a name); a question of what it was like is told by what each decision decided.
 */
function counterpart(older: SourceCheck, now: ScoredUnit, analysis: QueryAnalysis): ScoredUnit {
  const base = older.headline ?? older.best!;
  if (!older.source.decisionId) return base;
  const words = new Set(contentTerms(now.text).filter((t) => !/\d/u.test(t)));
  const asked = new Set(contentTerms(askedThing(analysis).head?.text ?? ''));
  const shared = (u: ScoredUnit, terms = contentTerms(u.text)) => terms.filter((t) => asked.has(t)).length * 100 + terms.filter((t) => words.has(t)).length;
  const rival = older.units
    .filter((u) => u.typed && STATEMENT_SECTION.test(u.fragment.metadata.section))
    .map((u) => ({ u, n: shared(u) }))
    .sort((a, b) => b.n - a.n)[0];
  return rival && rival.n > shared(base) ? rival.u : base;
}

/**
 * The sentence of a history side that answers the question's second part ("kto wcześniej prowadził
 * księgi **i ile mu płaciliśmy**?") when the side's own sentence does not carry its type: from the
 * same decision, the summary's next sentence first.
 */
function secondAsked(check: SourceCheck, told: ScoredUnit, analysis: QueryAnalysis): ScoredUnit[] {
  const also = analysis.alsoAsks;
  if (!also || !isTypedAnswer(also) || carriesAnswerType(told.text, also)) return [];
  const next = summaryFollower(check, told, false);
  if (next && carriesAnswerType(next.text, also)) return [next];
  const other = check.units.filter((u) => u.text !== told.text && carriesAnswerType(u.text, also)).sort((a, b) => b.relevance - a.relevance)[0];
  return other ? [other] : [];
}

/**
 * "w jakim programie trzymaliśmy kartoteki…?" asks which one: a history side whose sentence names
 * nothing ("Na razie nie zmieniamy programu do dokumentacji") is told by its summary's next sentence
 * instead when that one names it ("W Stomis Gabinet dokupujemy czwarte stanowisko…").
 */
function naming(check: SourceCheck, told: ScoredUnit, analysis: QueryAnalysis): ScoredUnit {
  if (isTypedAnswer(analysis.answerType) || !analysis.focus.some((f) => f.head) || namesIn(told.text).length > 0) return told;
  const next = summaryFollower(check, told, false);
  return next && namesIn(next.text).length > 0 ? next : told;
}

/**
 * The sentence that answers a question's second question ("ile kosztuje PAK-10 i jak długo jest
 * ważny?"): one carrying its answer type, the one that says most of the second question's own words
 * ("Ważność: cztery miesiące…"), a span of time first when it asks how long, then one of what the
 * decision states, then the most relevant.
 */
function secondQuestionUnit(check: SourceCheck, told: ScoredUnit, analysis: QueryAnalysis): ScoredUnit | undefined {
  const also = analysis.alsoAsks!;
  // "jak długo", "jak często": the adverb "jak" asks about belongs to the question word, not to its topic.
  const question = splitSecondQuestion(analysis.normalized.toLowerCase()).second ?? '';
  const asked = question.replace(/^jak\s+(\p{L}+)/u, (m, adverb: string) => (posTags(adverb).some((t) => t.startsWith('adv')) ? '' : m));
  const own = analysis.focus.filter((f) => containsPhrase(asked, f.text.toLowerCase())).flatMap((f) => contentTerms(f.text));
  const says = (u: ScoredUnit) => termCoverage(own, u.text);
  // "i jak długo jest ważny?": a sentence giving a span of time answers it.
  const lasts = asksDuration(question) ? (u: ScoredUnit) => (carriesDuration(u.text) ? 1 : 0) : () => 0;
  // What the decision states answers before its reasons do, unless the reason is what is asked.
  const states = (u: ScoredUnit) => (also !== 'reason' && STATEMENT_SECTION.test(u.fragment.metadata.section) ? 1 : 0);
  return check.units
    .filter((u) => u.text !== told.text && carriesAnswerType(u.text, also))
    .sort((a, b) => lasts(b) - lasts(a) || says(b) - says(a) || states(b) - states(a) || b.relevance - a.relevance)[0];
}

const dated = (check: SourceCheck): string => (check.source.date ? `od ${check.source.date}` : '');

/** Composes the extractive answer the evidence plan allows. */
export function composeFromPlan(question: string, analysis: QueryAnalysis, plan: EvidencePlan, fragments: Fragment[], linked?: SourceCheck): string {
  const first = plan.chosen[0];
  if (!first?.best) return '';
  // A question whose answer is another value ("ile płacimy za …": an amount) is not a count of rows.
  const kind = analysis.answerType === 'count' ? 'count' : analysis.answerType === 'sum' ? 'sum' : isTypedAnswer(analysis.answerType) ? undefined : tableQuestionKind(question);
  if (kind) {
    const own = fragments.filter((f) => plan.chosen.some((c) => c.source.docId === f.metadata.docId));
    const t = tableAnswer(kind, question, own.length ? own : fragments);
    if (t) return t;
  }
  const several = composeSeveral(plan, analysis);
  if (several) return several;
  const best = first.best;
  if (plan.mode === 'history' && linked?.best) {
    const olderFirst = (first.source.date ?? '') <= (linked.source.date ?? '');
    const [older, newer] = olderFirst ? [first, linked] : [linked, first];
    // The newer side is told by what its decision decided (its headline), else by its best
    // sentence; the older by its sentence on the same value (`counterpart`).
    const n = naming(newer, newer.headline ?? newer.best!, analysis);
    const o = isTypedAnswer(analysis.answerType) ? counterpart(older, n, analysis) : naming(older, older.headline ?? older.best!, analysis);
    const told = (check: SourceCheck, u: ScoredUnit) => [u, ...secondAsked(check, u, analysis)].map((x) => quotedSentence(x.text, labelOf(x))).join(' ');
    // Both sides tell the value from the same row and column of their tables (table-cell.ts).
    const [oldCell, newCell] = [older, newer].map((c) => tableCellAnswer(analysis, c));
    if (oldCell && newCell) return `Wcześniej: ${quotedSentence(oldCell.text, labelOf(oldCell.unit))} ${cap(dated(newer))}: ${quotedSentence(newCell.text, labelOf(newCell.unit))}`;
    return `Wcześniej: ${told(older, o)} ${cap(dated(newer))}: ${told(newer, n)}`.replace(/ :/u, ':');
  }
  // A replaced decision among the sources that answer: the newer one answers, and the user is
  // told the two disagree (only ever between decisions linked as predecessor and successor).
  // Only a source whose fragments are in the context can be cited (verification checks that).
  const rival = disagreeingSource(plan, first, fragments);
  if (rival && plan.mode === 'single') {
    const [nw, old] = (rival.source.date ?? '') > (first.source.date ?? '') ? [rival, first] : [first, rival];
    const note = `Fragmenty są ze sobą sprzeczne: nowsza jest decyzja ${nw.source.decisionId} z ${nw.source.date}, starsza to ${old.source.decisionId} z ${old.source.date} (${nw.source.decisionId}, ${old.source.decisionId}).`;
    return `${quotedSentence(nw.best!.text, labelOf(nw.best!))} ${note}`;
  }
  const summary = summaryAsked(analysis, first);
  if (summary.length > 0) return summary.map((u) => quotedSentence(u.text, labelOf(u))).join(' ');
  const also = analysis.alsoAsks;
  const cell = analysis.answerType !== 'yes-no' && !also ? tableCellAnswer(analysis, first) : undefined;
  if (cell) return quotedSentence(cell.text, labelOf(cell.unit));
  // A decision's answer leads with its headline (what was decided) when the best sentence is
  // another one: "Kupuję MacBooka Pro… (ID)" before "ThinkPad zostaje jako zapasowy (ID)".
  // A sentence the decision keeps from the one it replaced is told with the decision's own word that it still holds.
  const kept = best.fragment.metadata.docId !== first.source.docId ? keepingUnit(first.units, first.source.docId, best.text) : undefined;
  const lead = kept ?? (first.headline && first.headline.text !== best.text ? first.headline : undefined);
  const second = also
    ? secondQuestionUnit(first, best, analysis)
    : (lead ??
      (first.headline?.text === best.text ? summaryFollower(first, best, isTypedAnswer(analysis.answerType)) : undefined) ??
      complement(first, best, analysis, plan.threshold));
  const quoted = analysis.answerType === 'yes-no' ? withAmount(question, first, best, second) : [best, ...(second ? [second] : [])];
  const sentences = [...quoted]
    .sort((a, b) => a.fragment.metadata.chunkIndex - b.fragment.metadata.chunkIndex || a.fragment.body.indexOf(a.text) - b.fragment.body.indexOf(b.text))
    .map((u) => quotedSentence(u.text, labelOf(u)));
  const text = sentences.join(' ');
  if (analysis.answerType === 'yes-no') {
    // A quoted sentence that opens with the answer word gives it (quoted without it); else "Nie" when any negates what the question asserts
    // or the quoted headline refuses the act otherwise worded.
    const [texts, headline] = [quoted.map((u) => u.text), first.headline && quoted.includes(first.headline) ? first.headline.text : undefined];
    return `${verdictOf(question, texts, headline)}. ${text}`;
  }
  return text;
}

/** The evidence plan over a given set of fragments, without a threshold (see `compose`). */
export function planOverFragments(analysis: QueryAnalysis, fragments: Fragment[], relevance?: ReadonlyMap<string, number>): EvidencePlan {
  const sources = gatherSources(fragments, () => [], Number.MAX_SAFE_INTEGER);
  const options = { semantic: relevance !== undefined, totalChunks: Math.max(1, fragments.length), threshold: Number.NEGATIVE_INFINITY };
  return planEvidence(
    analysis,
    checkSources(analysis, sources, (u) => relevance?.get(u) ?? 0, options),
    options,
  );
}

const cap = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

export class ExtractiveGenerator implements Generator {
  readonly kind = 'extractive' as const;
  readonly modelId = 'extractive-v2';

  async generate(input: GenerationInput): Promise<GenerationOutput> {
    return { text: this.compose(input), prompt: '', modelId: this.modelId };
  }

  compose(input: GenerationInput): string {
    const fragments = input.fragments.map((cf) => ({ ...cf.fragment, body: cf.body }));
    const analysis = input.analysis ?? analyzeQuery(input.question, { today: input.today });
    // Used on its own (no gate ran), the generator plans over the fragments it was given and
    // never refuses: refusing is the evidence gate's job.
    const plan = input.plan ?? planOverFragments(analysis, fragments, input.relevance);
    return composeFromPlan(input.question, analysis, plan, fragments, input.linked);
  }
}

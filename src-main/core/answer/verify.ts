/**
 * Every sentence of an answer is checked against the fragments it cites: the citation must
 * name a fragment of the context, every number and identifier must occur in a cited
 * fragment (or be a count/total of its table rows), the cited fragment must carry the
 * claim's words, and, when a model is available, the model must judge the claim entailed.
 */
import { NIE_WIEM } from '../../../src-shared/constants';
import { analyze } from '../retrieve/polish-analyzer';
import type { QueryAnalysis } from '../../../src-shared/query';
import type { CompressedFragment } from './compress';
import { tableOfDocument } from './extractive';
import type { Generator } from './generator';
import { contextBlock } from './prompt';
import { findIdentifiers, identifierPattern, withoutIdentifiers } from '../text/identifiers';
import { monthsNamedIn, monthsSpannedIn } from '../text/polish-months';
import { answerSentences } from '../text/sentences';
import { citationLabel, contentTerms, numberValue, numbersIn, termCoverage } from './text';
import { NUMERAL_WORD } from '../query/counted';

/** Cuts everything a generator wrote after "Nie wiem": the answer becomes exactly NIE_WIEM. */
export function cutAfterNieWiem(text: string): { refused: boolean; answer: string; charsCut: number } {
  const idx = text.search(/nie wiem/iu);
  if (idx < 0) return { refused: false, answer: text, charsCut: 0 };
  const rest = text.slice(idx);
  // The full refusal counts as said when it is there; otherwise "Nie wiem" and its punctuation.
  const said = rest.startsWith(NIE_WIEM) ? NIE_WIEM.length : (/^nie wiem[.!:,]?/iu.exec(rest)?.[0].length ?? 8);
  return { refused: true, answer: NIE_WIEM, charsCut: text.length - idx - said };
}

/** Words that describe documents and tables rather than claim facts (used in table answers and notes). */
const FRAME_TERMS = new Set(
  analyze(
    'zawiera pozycji wierszy danych tabeli suma kolumny z wierszy wynosi tyle samo podaje wiersz uwaga fragmenty są ze sobą sprzeczne nowsza jest decyzja starsza to tak nie wcześniej od razem kwot sumuję bo są podane za różne okresy',
  ),
);

/** Months a text names, by word, in a span of months or in a numeric date (2026-02-02, 14.03.2025, 04/2025). */
export function monthsIn(text: string): Set<number> {
  const out = new Set<number>();
  for (const n of monthsNamedIn(text)) out.add(n);
  // "Od 16 lutego do 30 kwietnia nie udzielamy urlopów" speaks of March too.
  for (const n of monthsSpannedIn(text)) out.add(n);
  for (const m of text.matchAll(/(?<!\d)\d{4}-(\d{2})-\d{2}(?!\d)/g)) out.add(Number(m[1]));
  for (const m of text.matchAll(/(?<!\d)\d{1,2}\.(\d{2})\.\d{4}(?!\d)/g)) out.add(Number(m[1]));
  for (const m of text.matchAll(/(?<![\d/])(\d{2})\/\d{4}(?!\d)/g)) out.add(Number(m[1]));
  return out;
}

/** The question asks for an amount or a count: an answer without any number does not answer it. */
const ASKS_FOR_NUMBER = /(?<!\p{L})(ile|ilu|koszt\p{L}*|kwot\p{L}*|cen[aęy]|stawk\p{L}*|budżet\p{L}*|wynosi|wyniosł\p{L}*)(?!\p{L})/iu;

export interface VerifyOptions {
  /**
   * The question; enables the checks that the answer is about what was asked: a month the
   * question names must be in the cited fragments, and an amount/count question needs a number.
   */
  question?: string;
  /** Share of a sentence's content words that must occur in the cited fragments. @default 0.6 */
  minSupport?: number;
  /** The question analysed once: its period and answer type replace the checks read from the question text. */
  analysis?: QueryAnalysis;
  /** Entailment judge (the local LLM); skipped when absent. */
  entails?: Generator['entails'];
}

export interface SentenceVerdict {
  sentence: string;
  citations: string[];
  ok: boolean;
  reason?: string;
}

export interface VerifyResult {
  ok: boolean;
  checked: number;
  verdicts: SentenceVerdict[];
  failed: { sentence: string; reason: string }[];
  entailmentChecks: number;
}

interface Block {
  label: string;
  text: string;
  numbers: Set<string>;
  values: Set<number>;
  /** Row counts and column totals of the document's table (derived numbers a count answer may state). */
  derived: Set<number>;
}

function blocksOf(fragments: CompressedFragment[]): Block[] {
  const bodies = fragments.map((cf) => ({ ...cf.fragment, body: cf.body }));
  return fragments.map((cf, i) => {
    const text = contextBlock(cf, i);
    const nums = numbersIn(text);
    const derived = new Set<number>();
    const table = tableOfDocument(bodies, cf.fragment.metadata.docId);
    if (table.rows.length >= 3) {
      derived.add(table.rows.length);
      const width = table.rows[0]!.cells.length;
      for (let col = 0; col < width; col++) {
        const vals = table.rows.map((r) => numberValue(r.cells[col] ?? ''));
        if (vals.every((v) => !Number.isNaN(v))) derived.add(Math.round(vals.reduce((a, b) => a + b, 0) * 100) / 100);
      }
    }
    return {
      label: citationLabel(cf.fragment),
      text,
      numbers: new Set(nums),
      values: new Set(nums.map(numberValue).filter((v) => !Number.isNaN(v))),
      derived,
    };
  });
}

const PAREN_RE = /\(([^()]{1,200})\)/g;
const LOOKS_LIKE_SOURCE = /^(\d{4}-\d{2}-\d{2}-\d{2}|[\p{L}\p{N}_.-]+\.(pdf|docx|md|txt)(,.*)?)$/iu;

/** Citations of a sentence (labels), unknown sources it names, and the claim text without them. */
function parseCitations(sentence: string, labels: ReadonlySet<string>): { cited: string[]; unknown: string[]; claim: string } {
  const cited: string[] = [];
  const unknown: string[] = [];
  let claim = sentence;
  for (const m of sentence.matchAll(PAREN_RE)) {
    const inner = m[1]!.trim();
    const parts = labels.has(inner) ? [inner] : inner.split(/\s*[;,]\s*(?=\d{4}-\d{2}-\d{2}-\d{2}|[\p{L}\p{N}_-]+\.(?:pdf|docx|md|txt))/iu);
    const isCitation = parts.every((p) => labels.has(p) || LOOKS_LIKE_SOURCE.test(p));
    if (!isCitation) continue;
    for (const p of parts) (labels.has(p) ? cited : unknown).push(p);
    claim = claim.replace(m[0], ' ');
  }
  return { cited, unknown, claim: claim.replace(/\s+/g, ' ').trim() };
}

/** Checks of the whole answer against the question: the month it names, a number when it asks for one. */
function wholeAnswerVerdicts(
  answer: string,
  claims: string[],
  blocks: ReturnType<typeof blocksOf>,
  verdicts: SentenceVerdict[],
  question: string,
  analysis: VerifyOptions['analysis'],
): SentenceVerdict[] {
  const cited = blocks
    .filter((b) => verdicts.some((v) => v.citations.includes(b.label)))
    .map((b) => b.text)
    .join('\n');
  // Decisions were filtered on their validity in a named period already (retrieval); a document
  // without a date must name the month itself.
  const citedBlocks = blocks.filter((b) => verdicts.some((v) => v.citations.includes(b.label)));
  const allDecisions = citedBlocks.length > 0 && citedBlocks.every((b) => /^\d{4}-\d{2}-\d{2}-\d{2}$/.test(b.label));
  const want = analysis?.time.period && allDecisions ? new Set<number>() : monthsIn(question.replace(/\d{4}-\d{2}-\d{2}-\d{2}/g, ''));
  const have = monthsIn(cited);
  const missing = [...want].filter((m) => !have.has(m));
  if (missing.length > 0) {
    return [{ sentence: answer, citations: [], ok: false, reason: `cytowane fragmenty nie dotyczą miesiąca z pytania (${missing.join(', ')})` }];
  } else if (analysis ? ['amount', 'count', 'sum'].includes(analysis.answerType) : ASKS_FOR_NUMBER.test(question)) {
    // The claims without their citations: a number in a parenthesis of the claim ("karnet (ok. 160
    // zł miesięcznie)") is part of the answer.
    const withoutCitations = claims.join(' ');
    const bare = withoutIdentifiers(withoutCitations, findIdentifiers(withoutCitations));
    // A count may be written in words ("najwyżej jedna osoba z hali"); an amount of money is not.
    const counted = (analysis ? analysis.answerType === 'count' : /(?<![\p{L}])ilu(?![\p{L}])/iu.test(question)) && NUMERAL_WORD.test(bare);
    if (numbersIn(bare).length === 0 && !counted)
      return [{ sentence: answer, citations: [], ok: false, reason: 'pytanie dotyczy kwoty lub liczby, a odpowiedź nie zawiera żadnej liczby' }];
  }
  return [];
}

export async function verifyAnswer(answer: string, fragments: CompressedFragment[], options: VerifyOptions = {}): Promise<VerifyResult> {
  const minSupport = options.minSupport ?? 0.6;
  const blocks = blocksOf(fragments);
  const labels = new Set(blocks.map((b) => b.label));
  const verdicts: SentenceVerdict[] = [];
  const claims: string[] = [];
  let entailmentChecks = 0;
  for (const sentence of answerSentences(answer)) {
    const { cited, unknown, claim } = parseCitations(sentence, labels);
    claims.push(claim);
    const verdict = (ok: boolean, reason?: string) => verdicts.push({ sentence, citations: cited, ok, ...(reason ? { reason } : {}) });
    if (unknown.length > 0) {
      verdict(false, `cytuje źródło spoza fragmentów: ${unknown.join(', ')}`);
      continue;
    }
    if (cited.length === 0) {
      verdict(false, 'zdanie bez cytowania');
      continue;
    }
    const sources = blocks.filter((b) => cited.includes(b.label));
    const sourceText = sources.map((b) => b.text).join('\n');
    const ids = findIdentifiers(claim);
    const missingId = ids.find((id) => !identifierPattern(id).test(sourceText));
    if (missingId) {
      verdict(false, `identyfikator ${missingId.value} nie występuje w cytowanym fragmencie`);
      continue;
    }
    // IDs were checked whole; their digits are not separate numbers.
    const claimNoIds = withoutIdentifiers(claim, ids);
    const claimNumbers = numbersIn(claimNoIds);
    // "Razem 15 750 zł = 9 350 zł (…) + 6 400 zł (…)": a total is checked by adding its parts.
    const claimValues = claimNumbers.map(numberValue).filter((v) => !Number.isNaN(v));
    const isSumOfOthers = (v: number) => claimValues.length >= 3 && Math.abs(claimValues.reduce((x, y) => x + y, 0) - 2 * v) < 0.005;
    const missingNumber = claimNumbers.find((n) => {
      if (isSumOfOthers(numberValue(n))) return false;
      if (sources.some((b) => b.numbers.has(n))) return false;
      const v = numberValue(n);
      return Number.isNaN(v) || !sources.some((b) => b.values.has(v) || b.derived.has(v));
    });
    if (missingNumber) {
      verdict(false, `liczba ${missingNumber} nie występuje w cytowanym fragmencie`);
      continue;
    }
    const terms = contentTerms(claimNoIds).filter((t) => !FRAME_TERMS.has(t) && !/^\d/.test(t));
    const support = terms.length === 0 ? 1 : termCoverage(terms, sources.map((b) => b.text).join('\n'));
    if (support < minSupport) {
      verdict(false, `cytowany fragment nie zawiera treści zdania (pokrycie ${support.toFixed(2)} < ${minSupport})`);
      continue;
    }
    if (options.entails) {
      entailmentChecks++;
      const premise = sources
        .map((b) => b.text)
        .join('\n\n')
        .slice(0, 3000);
      const judged = await options.entails(premise, claim);
      if (!judged.entailed) {
        verdict(false, `model nie potwierdził zdania (odpowiedź: ${judged.raw.slice(0, 40).trim() || 'pusta'})`);
        continue;
      }
    }
    verdict(true);
  }
  if (options.question && verdicts.length > 0 && verdicts.every((v) => v.ok))
    verdicts.push(...wholeAnswerVerdicts(answer, claims, blocks, verdicts, options.question, options.analysis));
  const failed = verdicts.filter((v) => !v.ok).map((v) => ({ sentence: v.sentence, reason: v.reason! }));
  return { ok: verdicts.length > 0 && failed.length === 0, checked: verdicts.length, verdicts, failed, entailmentChecks };
}

/**
 * Follow-up questions ("a w Oliwie?", "a wcześniej?", "ile to kosztuje?") turned into a
 * standalone question by rules over the previous standalone question. Polish ellipsis is
 * regular enough for three moves:
 *
 * 1. a contrastive "a …" with a prepositional phrase replaces the phrase with the same
 *    preposition in the previous question (or is appended when there is none):
 *    "godziny pracowni we Wrzeszczu" + "a w Oliwie?" → "godziny pracowni w Oliwie";
 * 2. a contrastive "a …" with a time word replaces the previous time cue:
 *    "jakiego programu używamy teraz?" + "a wcześniej?" → "jakiego programu używamy wcześniej?";
 * 3. a short question whose subject is a demonstrative ("to", "tego", "tam", "wtedy", "tak") or
 *    a bare question word ("dlaczego?") takes the previous question's topic:
 *    "ile to kosztuje?" → "ile kosztuje — program do faktur?".
 *
 * A contrastive "a X?" with a bare noun replaces the previous question's named entity (a
 * capitalised word or an identifier). Anything else is left as asked: a follow-up that cannot
 * be resolved is answered as typed and the reason is shown, never guessed.
 */
import type { FollowUpInfo } from '../../../src-shared/answer';
import { ANAPHORS, AUXILIARIES, COPULA_AFTER_TO, CURRENT_WORDS, PREPOSITIONS, QUESTION_WORDS, TIME_WORDS, isTimePhrase, isVerbLike, lower, words } from './follow-up-words';

/** Content words of a question: neither question words, pronouns, prepositions nor verbs. */
function contentWords(ws: string[]): string[] {
  return ws.map(lower).filter((w) => w && !QUESTION_WORDS.has(w) && !ANAPHORS.has(w) && !PREPOSITIONS.has(w) && !isVerbLike(w) && !['a', 'i', 'oraz', 'albo', 'lub'].includes(w));
}

/** What the previous question is about: its words without question words, verbs and the question mark. */
export function topicOf(question: string): string {
  const ws = words(question).filter((w) => {
    const l = lower(w);
    return !QUESTION_WORDS.has(l) && !isVerbLike(l) && !ANAPHORS.has(l);
  });
  // A leading preposition left over from "od kiedy", "do czego" and the like says nothing.
  while (ws.length && PREPOSITIONS.has(lower(ws[0]!))) ws.shift();
  return ws.join(' ');
}

interface Slot {
  start: number;
  end: number;
}

/** Prepositional phrases of a question: a preposition and the words up to the next one. */
function prepositionalPhrases(ws: string[]): (Slot & { prep: string; time: boolean })[] {
  const out: (Slot & { prep: string; time: boolean })[] = [];
  for (let i = 0; i < ws.length; i++) {
    const base = PREPOSITIONS.get(lower(ws[i]!));
    if (!base || i === ws.length - 1) continue;
    let j = i + 1;
    while (j < ws.length && !PREPOSITIONS.has(lower(ws[j]!)) && !QUESTION_WORDS.has(lower(ws[j]!))) j++;
    out.push({ start: i, end: j, prep: base, time: isTimePhrase(ws.slice(i, j)) });
  }
  return out;
}

const finish = (ws: string[]) => `${ws.join(' ').replace(/\s+([,;:])/gu, '$1')}?`;
const splice = (ws: string[], slot: Slot, repl: string[]) => [...ws.slice(0, slot.start), ...repl, ...ws.slice(slot.end)];

/** The contrastive lead of an elliptic question and what follows it ("a co z Trello" → "Trello"). */
function stripLead(ws: string[]): { lead: string; rest: string[] } | undefined {
  const ls = ws.map(lower);
  for (const lead of [
    ['a', 'co', 'z'],
    ['a', 'co', 'ze'],
    ['a', 'jak', 'z'],
    ['a', 'jak', 'ze'],
    ['a', 'co', 'do'],
    ['i', 'co', 'z'],
    ['a', 'jeśli', 'chodzi', 'o'],
    ['a', 'gdyby', 'chodziło', 'o'],
    ['a'],
    ['i'],
    ['oraz'],
  ]) {
    if (lead.every((w, i) => ls[i] === w) && ws.length > lead.length) return { lead: lead.join(' '), rest: ws.slice(lead.length) };
  }
  return undefined;
}

/** Whether a question points back at the previous one (it cannot be answered on its own). */
export function isFollowUp(question: string): boolean {
  return classify(words(question)) !== undefined;
}

type Kind =
  | { kind: 'phrase'; phrase: string[] }
  | { kind: 'time'; phrase: string[] }
  | { kind: 'entity'; phrase: string[] }
  | { kind: 'verb'; verb: string }
  | { kind: 'anaphor'; core: string[] };

function classify(ws: string[]): Kind | undefined {
  if (ws.length === 0) return undefined;
  const lead = stripLead(ws);
  if (lead) {
    const rest = lead.rest;
    const first = lower(rest[0]!);
    // "a co z X" / "a jak z X" / "a co do X": X is a new entity in the previous question's frame.
    if (lead.lead.split(' ').length > 1) return { kind: 'entity', phrase: rest };
    if (isTimePhrase(rest)) return { kind: 'time', phrase: rest };
    if (PREPOSITIONS.has(first)) return { kind: 'phrase', phrase: rest };
    // "a gdzie je trzymamy?" leans on the previous topic; "a jak wygląda plan kopii na przyszły rok?" is a new question.
    if (QUESTION_WORDS.has(first)) return contentWords(rest).length >= 2 ? undefined : { kind: 'anaphor', core: rest };
    // "a zamykamy?" after "kiedy otwieramy pracownię?": the verb changes, the rest stays.
    if (rest.length === 1 && isVerbLike(first) && !AUXILIARIES.has(first)) return { kind: 'verb', verb: rest[0]! };
    // "a Trello?", "a licencja roczna?": a short noun phrase (a long clause after "a" is a new question).
    if (rest.length <= 3 && !rest.some((w) => isVerbLike(lower(w)))) return { kind: 'entity', phrase: rest };
    if (rest.some((w) => ANAPHORS.has(lower(w)))) return { kind: 'anaphor', core: rest };
    return undefined;
  }
  const ls = ws.map(lower);
  const anaphorAt = ls.findIndex((w, i) => ANAPHORS.has(w) && !(w === 'to' && COPULA_AFTER_TO.has(ls[i + 1] ?? '') && contentWords(ws.slice(i + 2)).length > 0));
  const content = contentWords(ws);
  // "dlaczego?", "od kiedy?", "za ile?": only question words (and prepositions).
  if (ls.every((w) => QUESTION_WORDS.has(w) || PREPOSITIONS.has(w)) && ls.some((w) => QUESTION_WORDS.has(w))) return { kind: 'anaphor', core: ws };
  if (anaphorAt >= 0 && QUESTION_WORDS.has(ls[0]!) && (content.length === 0 || (content.length === 1 && ws.length <= 4))) return { kind: 'anaphor', core: ws };
  // "od kiedy obowiązuje?", "kto zdecydował?": a question word and a verb, nothing it is about.
  if (QUESTION_WORDS.has(ls[0]!) || PREPOSITIONS.has(ls[0]!)) {
    if (content.length === 0 && ls.some((w) => QUESTION_WORDS.has(w))) return { kind: 'anaphor', core: ws };
  }
  return undefined;
}

type Base = Pick<FollowUpInfo, 'asked' | 'standalone' | 'previous'>;

/** The previous question with `slot` replaced by `phrase`, or with `phrase` appended; `what` names the slot ("określenie czasu "). */
function replaceOrAppend(pw: string[], slot: Slot | undefined, phrase: string[], base: Base, what: string): FollowUpInfo {
  const out = slot ? splice(pw, slot, phrase) : [...pw, ...phrase];
  const reason = slot
    ? `Zastąpiono ${what}„${pw.slice(slot.start, slot.end).join(' ')}” przez „${phrase.join(' ')}”${what ? '' : ' w poprzednim pytaniu'}.`
    : `Dodano ${what}„${phrase.join(' ')}” do poprzedniego pytania.`;
  return { ...base, standalone: finish(out), resolved: true, reason };
}

/** "a wcześniej?": the previous time phrase (or time word) is replaced, else the phrase appended. */
function resolveTime(kind: Extract<Kind, { kind: 'time' }>, pw: string[], base: Base): FollowUpInfo {
  const phrase = kind.phrase;
  const slots = prepositionalPhrases(pw).filter((s) => s.time);
  // Replace the previous time phrase, else its single time word ("teraz"), else append.
  const slot =
    slots[0] ??
    (() => {
      const i = pw.findIndex((w) => TIME_WORDS.has(lower(w)) || CURRENT_WORDS.has(lower(w)));
      return i >= 0 ? { start: i, end: i + 1 } : undefined;
    })();
  return replaceOrAppend(pw, slot, phrase, base, 'określenie czasu ');
}

/** "a w Oliwie?": the previous phrase with the same preposition is replaced, else the phrase appended. */
function resolvePhrase(kind: Extract<Kind, { kind: 'phrase' }>, pw: string[], base: Base): FollowUpInfo {
  const phrase = kind.phrase;
  const prep = PREPOSITIONS.get(lower(phrase[0]!))!;
  // "a w 2026-02-03-01?" after a question about another decision: only the identifier changes.
  const ID = /^\d{4}-\d{2}-\d{2}(-\d+)?$/u;
  const prevId = pw.findIndex((w) => ID.test(w.replace(/[?,]$/u, '')));
  if (phrase.length === 2 && ID.test(phrase[1]!) && prevId >= 0) {
    return {
      ...base,
      standalone: finish(splice(pw, { start: prevId, end: prevId + 1 }, [phrase[1]!])),
      resolved: true,
      reason: `Zastąpiono identyfikator „${pw[prevId]}” przez „${phrase[1]}” w poprzednim pytaniu.`,
    };
  }
  const time = isTimePhrase(phrase);
  const slot = prepositionalPhrases(pw).find((s) => s.prep === prep && s.time === time);
  return replaceOrAppend(pw, slot, phrase, base, '');
}

/** "a Trello?": the previous question's named thing is replaced. */
function resolveEntity(kind: Extract<Kind, { kind: 'entity' }>, pw: string[], base: Base, previous: string): FollowUpInfo {
  // The previous question's named thing: an identifier, or a capitalised word not opening the sentence.
  const at = pw.findIndex((w, i) => /\d{4}-\d{2}-\d{2}(-\d+)?/u.test(w) || (i > 0 && /^\p{Lu}/u.test(w.replace(/^[„"(]/u, ''))));
  if (at < 0) {
    return {
      ...base,
      resolved: false,
      reason: `Nie wiem, co w poprzednim pytaniu („${previous}”) zastąpić przez „${kind.phrase.join(' ')}” — odpowiadam na pytanie tak, jak je zadano.`,
    };
  }
  let end = at + 1;
  while (end < pw.length && /^\p{Lu}/u.test(pw[end]!)) end++;
  const out = splice(pw, { start: at, end }, kind.phrase);
  return { ...base, standalone: finish(out), resolved: true, reason: `Zastąpiono „${pw.slice(at, end).join(' ')}” przez „${kind.phrase.join(' ')}” w poprzednim pytaniu.` };
}

/** "a zamykamy?": the previous question's one verb is replaced. */
function resolveVerb(kind: Extract<Kind, { kind: 'verb' }>, pw: string[], base: Base, previous: string): FollowUpInfo {
  const verbs = pw.map((w, i) => ({ w: lower(w), i })).filter((x) => isVerbLike(x.w) && !AUXILIARIES.has(x.w));
  if (verbs.length !== 1) {
    return {
      ...base,
      resolved: false,
      reason: `Nie wiem, który czasownik w poprzednim pytaniu („${previous}”) zastąpić przez „${kind.verb}” — odpowiadam na pytanie tak, jak je zadano.`,
    };
  }
  const i = verbs[0]!.i;
  return {
    ...base,
    standalone: finish(splice(pw, { start: i, end: i + 1 }, [kind.verb])),
    resolved: true,
    reason: `Zastąpiono „${pw[i]}” przez „${kind.verb}” w poprzednim pytaniu.`,
  };
}

/** "ile to kosztuje?": the pronoun goes, the previous question's topic comes in. */
function resolveAnaphor(kind: Extract<Kind, { kind: 'anaphor' }>, pw: string[], base: Base, previous: string): FollowUpInfo {
  const topic = topicOf(previous);
  if (!topic) return { ...base, resolved: false, reason: 'Poprzednie pytanie nie ma tematu, do którego można odnieść to pytanie — odpowiadam na pytanie tak, jak je zadano.' };
  const dropped = (all: string[], i: number) => {
    const l = lower(all[i] ?? '');
    if (!ANAPHORS.has(l)) return false;
    // "to" in "co to jest X" stays; "tak" ("dlaczego tak zdecydowaliśmy") and the rest go.
    return !(l === 'to' && COPULA_AFTER_TO.has(lower(all[i + 1] ?? '')) && contentWords(all.slice(i + 2)).length > 0);
  };
  // A preposition governing the pronoun ("za nią", "o tym") goes with it.
  const core = kind.core.filter((w, i, all) => !dropped(all, i) && !(PREPOSITIONS.has(lower(w)) && dropped(all, i + 1)));
  return { ...base, standalone: finish([...core, '—', ...words(topic)]), resolved: true, reason: `Zaimek odnosi się do poprzedniego pytania: dodano jego temat „${topic}”.` };
}

/**
 * Resolves `asked` against the previous standalone question. Standalone questions come back
 * unchanged (`resolved: false`, no reason to show); an elliptic one that cannot be merged is
 * also returned as asked, with the reason.
 */
export function resolveFollowUp(asked: string, previous: string | undefined): FollowUpInfo {
  const q = asked.normalize('NFC').trim();
  const ws = words(q);
  const kind = classify(ws);
  const base = { asked: q, standalone: q, ...(previous ? { previous } : {}) };
  if (!kind) return { ...base, resolved: false, reason: 'Pytanie samodzielne.' };
  if (!previous?.trim())
    return { ...base, resolved: false, reason: 'Pytanie odnosi się do poprzedniego, ale w tej rozmowie nie ma wcześniejszego pytania — odpowiadam na pytanie tak, jak je zadano.' };
  const pw = words(previous.normalize('NFC'));
  switch (kind.kind) {
    case 'time':
      return resolveTime(kind, pw, base);
    case 'phrase':
      return resolvePhrase(kind, pw, base);
    case 'entity':
      return resolveEntity(kind, pw, base, previous);
    case 'verb':
      return resolveVerb(kind, pw, base, previous);
    default:
      return resolveAnaphor(kind, pw, base, previous);
  }
}

/**
 * Saved conversations in the data folder: one JSON file per conversation and one per answer
 * (the full answer with its trace, from which the audit snapshot is built). Every write goes to
 * a temporary file that is flushed and then renamed over the old one, so a crash leaves either
 * the old or the new file, never half of one. A turn is written as `pending` before the answer
 * is computed; a pending turn found by a later process was cut off by a crash or a quit and is
 * shown as interrupted.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { writeFileAtomic } from '../atomic-write';
import path from 'node:path';
import type { AnswerResult } from '../../../src-shared/answer';
import type { Conversation, ConversationSummary, ConversationTurn } from '../../../src-shared/ipc';
import { UserError } from '../errors';
import { foldDiacritics } from '../retrieve/polish-analyzer';

const ID = /^[\w-]{8,64}$/;
export const INTERRUPTED_NOTE = 'Odpowiedź nie została dokończona: aplikacja została zamknięta w trakcie jej pisania. Zadaj pytanie ponownie.';

export { writeFileAtomic } from '../atomic-write';

const fold = (s: string) => foldDiacritics(s.normalize('NFC').toLowerCase());

/** A short title from the first question. */
export function titleFrom(question: string): string {
  const q = question.replace(/\s+/g, ' ').trim();
  return q.length > 60 ? `${q.slice(0, 57).trimEnd()}…` : q;
}

export class ConversationStore {
  /** Turns being answered by this process right now (not interrupted, whatever the file says). */
  private readonly active = new Set<string>();

  constructor(readonly dir: string) {}

  private file(id: string): string {
    if (!ID.test(id)) throw new UserError('Nieprawidłowy identyfikator rozmowy.', 'bad-conversation-id');
    return path.join(this.dir, `${id}.json`);
  }

  private answerFile(answerId: string): string {
    if (!ID.test(answerId)) throw new UserError('Nieprawidłowy identyfikator odpowiedzi.', 'bad-answer-id');
    return path.join(this.dir, 'answers', `${answerId}.json`);
  }

  private lastStamp = 0;

  /** A timestamp strictly later than the previous one this store gave out: two changes within one
   *  millisecond (a quick "new conversation" after an answer) must still list in the order they happened. */
  private stamp(): string {
    this.lastStamp = Math.max(Date.now(), this.lastStamp + 1);
    return new Date(this.lastStamp).toISOString();
  }

  private write(c: Conversation): Conversation {
    writeFileAtomic(this.file(c.id), JSON.stringify(c, null, 1));
    return c;
  }

  private read(id: string): Conversation | undefined {
    return readJson<Conversation>(this.file(id));
  }

  create(title?: string): Conversation {
    const now = this.stamp();
    return this.write({ id: randomUUID(), title: title?.trim() || 'Nowa rozmowa', createdAt: now, updatedAt: now, turns: [] });
  }

  /** The conversation, with turns left pending by a finished process marked interrupted. */
  get(id: string): Conversation {
    const c = this.read(id);
    if (!c) throw new UserError('Nie ma takiej rozmowy (mogła zostać usunięta).', 'no-conversation');
    let changed = false;
    for (const t of c.turns) {
      if (t.status === 'pending' && !this.active.has(t.id)) {
        t.status = 'interrupted';
        t.note = INTERRUPTED_NOTE;
        changed = true;
      }
    }
    return changed ? this.write(c) : c;
  }

  /** Conversations, newest first; `query` matches titles, questions and answers (case and diacritics ignored). */
  list(query?: string): ConversationSummary[] {
    if (!fs.existsSync(this.dir)) return [];
    const q = query?.trim() ? fold(query.trim()) : undefined;
    const out: ConversationSummary[] = [];
    for (const name of fs.readdirSync(this.dir)) {
      if (!name.endsWith('.json')) continue;
      const id = name.slice(0, -5);
      if (!ID.test(id)) continue;
      const c = this.read(id);
      if (!c) continue;
      let match: string | undefined;
      if (q) {
        const texts = [c.title, ...c.turns.flatMap((t) => [t.asked, t.standalone ?? '', t.answer ?? ''])];
        match = texts.find((t) => t && fold(t).includes(q));
        if (match === undefined) continue;
      }
      out.push({ id: c.id, title: c.title, updatedAt: c.updatedAt, turns: c.turns.length, ...(match !== undefined ? { match: match.slice(0, 160) } : {}) });
    }
    return out.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  rename(id: string, title: string): Conversation {
    const c = this.get(id);
    c.title = title.trim();
    c.updatedAt = this.stamp();
    return this.write(c);
  }

  delete(id: string): boolean {
    const c = this.read(id);
    if (!c) return false;
    for (const t of c.turns) if (t.answerId) fs.rmSync(this.answerFile(t.answerId), { force: true });
    fs.rmSync(this.file(id), { force: true });
    return true;
  }

  /** Adds a pending turn (written before the answer is computed, so a crash leaves a trace). */
  startTurn(id: string, asked: string): ConversationTurn {
    const c = this.get(id);
    const turn: ConversationTurn = { id: randomUUID(), asked, status: 'pending', citations: [], createdAt: this.stamp() };
    c.turns.push(turn);
    if (c.turns.length === 1 && c.title === 'Nowa rozmowa') c.title = titleFrom(asked);
    c.updatedAt = turn.createdAt;
    this.active.add(turn.id);
    this.write(c);
    return turn;
  }

  finishTurn(id: string, turnId: string, patch: Partial<ConversationTurn>, answer?: AnswerResult): void {
    this.active.delete(turnId);
    if (answer) writeFileAtomic(this.answerFile(answer.id), JSON.stringify(answer));
    const c = this.read(id);
    const t = c?.turns.find((x) => x.id === turnId);
    if (!c || !t) return; // deleted while the answer was being written
    Object.assign(t, patch);
    c.updatedAt = this.stamp();
    this.write(c);
  }

  /** The previous standalone question of a conversation (what a follow-up is resolved against). */
  previousQuestion(id: string): string | undefined {
    const turns = this.get(id).turns.filter((t) => t.status === 'answer' || t.status === 'unknown');
    const last = turns.at(-1);
    return last ? (last.standalone ?? last.asked) : undefined;
  }

  loadAnswer(answerId: string): AnswerResult | undefined {
    return readJson<AnswerResult>(this.answerFile(answerId));
  }

  /** The conversation as Markdown: each question, the standalone form of a follow-up, the answer and its sources. */
  toMarkdown(id: string): { markdown: string; fileName: string } {
    const c = this.get(id);
    const lines = [
      `# ${c.title}`,
      '',
      `_Rozmowa ze Ściągi · rozpoczęta ${c.createdAt.slice(0, 16).replace('T', ' ')} UTC · wyeksportowana ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC_`,
      '',
    ];
    c.turns.forEach((t, i) => {
      lines.push(`## ${i + 1}. ${t.asked}`, '');
      if (t.standalone && t.standalone !== t.asked) lines.push(`> Pytanie samodzielne: ${t.standalone}`, '');
      if (t.answer) lines.push(t.answer, '');
      if (t.note) lines.push(`_${t.note}_`, '');
      if (t.citations.length) {
        lines.push('**Źródła:**', '');
        for (const s of t.citations) lines.push(`- ${s.label} — ${s.fileName}${s.section ? ` › ${s.section}` : ''} (fragment \`${s.fragmentId}\`)`);
        lines.push('');
      }
      if (t.answerId) lines.push(`<sub>Identyfikator odpowiedzi (migawka audytowa): ${t.answerId}</sub>`, '');
    });
    const slug =
      fold(c.title)
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 40) || 'rozmowa';
    return { markdown: lines.join('\n'), fileName: `sciaga-${slug}-${c.createdAt.slice(0, 10)}.md` };
  }
}

/** A stored JSON file, or undefined when it is missing or damaged (atomic writes make that unlikely; it is skipped, never a crash). */
function readJson<T>(file: string): T | undefined {
  if (!fs.existsSync(file)) return undefined;
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

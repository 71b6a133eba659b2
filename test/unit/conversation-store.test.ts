import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerResult } from '../../src-shared/answer';
import { ConversationStore, INTERRUPTED_NOTE, writeFileAtomic } from '../../src-main/core/conversations/conversation-store';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-conv-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const answer = (id: string, text: string): AnswerResult =>
  ({
    id,
    status: 'answer',
    question: 'jakie są godziny pracowni w Oliwie?',
    answer: text,
    citations: [{ label: '2026-02-03-01', decisionId: '2026-02-03-01', fileName: 'godziny.md', section: 'DECYZJA', fragmentId: 'doc#2' }],
    fragments: [],
    context: '',
    prompt: '',
    today: '2026-11-29',
    trace: {} as AnswerResult['trace'],
    createdAt: '2026-11-29T10:00:00.000Z',
  }) as AnswerResult;

describe('conversation store', () => {
  it('keeps a conversation across store instances (an app restart), titled by its first question', () => {
    const dir = tmp();
    const a = new ConversationStore(dir);
    const c = a.create();
    const t = a.startTurn(c.id, 'jakie są godziny pracowni we Wrzeszczu?');
    a.finishTurn(
      c.id,
      t.id,
      { status: 'answer', answer: 'Od 8 do 16 [2026-02-03-01].', citations: answer('a1b2c3d4-0001', '').citations, answerId: 'a1b2c3d4-0001' },
      answer('a1b2c3d4-0001', 'Od 8 do 16.'),
    );
    const b = new ConversationStore(dir);
    const again = b.get(c.id);
    expect(again.title).toBe('jakie są godziny pracowni we Wrzeszczu?');
    expect(again.turns).toHaveLength(1);
    expect(again.turns[0]).toMatchObject({ status: 'answer', answerId: 'a1b2c3d4-0001' });
    expect(b.loadAnswer('a1b2c3d4-0001')?.answer).toBe('Od 8 do 16.');
    expect(b.previousQuestion(c.id)).toBe('jakie są godziny pracowni we Wrzeszczu?');
  });

  it('marks a turn left pending by a crashed process as interrupted, and keeps the turns before it', () => {
    const dir = tmp();
    const a = new ConversationStore(dir);
    const c = a.create();
    const t1 = a.startTurn(c.id, 'pierwsze pytanie?');
    a.finishTurn(c.id, t1.id, { status: 'unknown', answer: 'Nie wiem.' });
    a.startTurn(c.id, 'drugie pytanie?');
    // The same process still answers it: not interrupted.
    expect(a.get(c.id).turns[1]!.status).toBe('pending');
    // A new process (after a crash) sees it cut off.
    const b = new ConversationStore(dir);
    const after = b.get(c.id);
    expect(after.turns.map((t) => t.status)).toEqual(['unknown', 'interrupted']);
    expect(after.turns[1]!.note).toBe(INTERRUPTED_NOTE);
    // …and the follow-up base is the last answered question, not the interrupted one.
    expect(b.previousQuestion(c.id)).toBe('pierwsze pytanie?');
  });

  it('keeps the order of changes made within one millisecond', () => {
    const frozen = vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 10, 30, 12));
    try {
      const s = new ConversationStore(tmp());
      const a = s.create('pierwsza');
      const b = s.create('druga');
      expect(s.list().map((x) => x.id)).toEqual([b.id, a.id]);
      s.rename(a.id, 'pierwsza, zmieniona');
      expect(s.list().map((x) => x.id)).toEqual([a.id, b.id]);
    } finally {
      frozen.mockRestore();
    }
  });

  it('lists newest first, searches without case or diacritics, renames and deletes with the answers', () => {
    const dir = tmp();
    const s = new ConversationStore(dir);
    const c1 = s.create();
    const t = s.startTurn(c1.id, 'Ile kosztuje licencja Asany?');
    s.finishTurn(c1.id, t.id, { status: 'answer', answer: 'Licencja kosztuje 50 zł.', citations: [], answerId: 'a1b2c3d4-0002' }, answer('a1b2c3d4-0002', 'x'));
    const c2 = s.create('Pracownia');
    expect(s.list().map((x) => x.id)).toEqual([c2.id, c1.id]);
    expect(s.list('ASANY').map((x) => x.id)).toEqual([c1.id]);
    expect(s.list('zl').map((x) => x.match)).toEqual(['Licencja kosztuje 50 zł.']);
    expect(s.list('nic takiego')).toEqual([]);
    expect(s.rename(c2.id, '  Godziny pracowni ').title).toBe('Godziny pracowni');
    expect(s.delete(c1.id)).toBe(true);
    expect(s.loadAnswer('a1b2c3d4-0002')).toBeUndefined();
    expect(s.list().map((x) => x.title)).toEqual(['Godziny pracowni']);
    expect(() => s.get(c1.id)).toThrow(/Nie ma takiej rozmowy/);
    expect(() => s.get('../../etc/passwd')).toThrow(/Nieprawidłowy identyfikator/);
  });

  it('exports Markdown with the standalone question, the answer and its sources', () => {
    const s = new ConversationStore(tmp());
    const c = s.create();
    const t1 = s.startTurn(c.id, 'jakie są godziny pracowni we Wrzeszczu?');
    s.finishTurn(c.id, t1.id, { status: 'answer', answer: 'Od 8 do 16.', citations: answer('a', '').citations, answerId: 'a1b2c3d4-0003' });
    const t2 = s.startTurn(c.id, 'a w Oliwie?');
    s.finishTurn(c.id, t2.id, { status: 'stopped', standalone: 'jakie są godziny pracowni w Oliwie?', note: 'Zatrzymano.' });
    const { markdown, fileName } = s.toMarkdown(c.id);
    expect(fileName).toMatch(/^sciaga-jakie-sa-godziny-pracowni-we-wrzeszczu-\d{4}-\d{2}-\d{2}\.md$/);
    expect(markdown).toContain('# jakie są godziny pracowni we Wrzeszczu?');
    expect(markdown).toContain('## 2. a w Oliwie?\n\n> Pytanie samodzielne: jakie są godziny pracowni w Oliwie?');
    expect(markdown).toContain('- 2026-02-03-01 — godziny.md › DECYZJA (fragment `doc#2`)');
    expect(markdown).toContain('_Zatrzymano._');
  });

  it('writes atomically: a failed write leaves the old file whole', () => {
    const dir = tmp();
    const file = path.join(dir, 'x.json');
    writeFileAtomic(file, '{"v":1}');
    fs.mkdirSync(`${file}.blocker`);
    // A write whose rename fails (target is a directory) must not touch the old content.
    expect(() => writeFileAtomic(path.join(dir, 'x.json.blocker'), '{"v":2}')).toThrow();
    expect(fs.readFileSync(file, 'utf8')).toBe('{"v":1}');
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toHaveLength(0);
  });
});

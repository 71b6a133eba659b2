import fs from 'node:fs';
import path from 'node:path';
import { draftReplacedNote, type AnswerResult } from '../../../src-shared/answer';
import { askRequestSchema } from '../../../src-shared/ipc';
import { UserError } from '../../core/errors';
import { mark } from '../../core/timing';
import type { CommandSpec } from '../command-spec';
import { printJson, type CliIo } from '../io';
import { openService } from './service-for-cli';

function printAnswer(io: CliIo, a: AnswerResult): void {
  if (a.followUp) io.stdout(a.followUp.resolved ? `Pytanie samodzielne: ${a.followUp.standalone}\n` : `Uwaga: ${a.followUp.reason}\n`);
  const note = draftReplacedNote(a);
  if (note) io.stdout(`Uwaga: ${note}`);
  io.stdout(a.answer);
  if (a.citations.length) io.stdout(`\nŹródła: ${a.citations.map((c) => c.label).join('; ')}`);
  const t = a.trace;
  io.stdout(
    `\n[${a.status === 'answer' ? 'odpowiedź' : 'nie wiem'}] dowody ${t.evidence.score.toFixed(3)} (próg ${t.evidence.threshold}); ` +
      `generator ${t.generation.model ?? t.generation.generator}; weryfikacja: ${t.verification.outcome}; ` +
      `kontekst ${t.compression.charsBefore}→${t.compression.charsAfter} znaków, wiersze tabel ${t.compression.tableRowsKept}; ${Math.round(t.totalMs)} ms`,
  );
  if (t.evidence.refused) io.stdout(`Powód: ${t.evidence.reason}`);
  for (const f of t.verification.failed) io.stdout(`Odrzucone zdanie: „${f.sentence.slice(0, 120)}” — ${f.reason}`);
  for (const f of t.fallbacks) io.stdout(`Uwaga: ${f}`);
}

export const askCommand: CommandSpec = {
  options: {
    retrieval: { type: 'string', default: 'hybrid-rerank' },
    generator: { type: 'string', default: 'extractive' },
    gguf: { type: 'string' },
    today: { type: 'string' },
    k: { type: 'string' },
    snapshot: { type: 'string' },
    /** The previous question, when this one is a follow-up ("a w Oliwie?"). */
    after: { type: 'string' },
    /** Show the model's text while it is written (default on a terminal). */
    stream: { type: 'boolean' },
  },
  run: async (pos, values, io) => {
    const question = pos.join(' ').trim();
    if (!question) throw new UserError('Podaj pytanie, np. sciaga ask "czym zastąpiliśmy Nozbe?"', 'usage');
    const parsed = askRequestSchema.safeParse({
      question,
      retrieval: values.retrieval,
      generator: values.generator,
      ...(values.today ? { today: values.today } : {}),
      ...(values.k ? { k: Number(values.k) } : {}),
      ...(typeof values.after === 'string' ? { previousQuestion: values.after } : {}),
    });
    if (!parsed.success) {
      throw new UserError(`Błędne opcje pytania: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, 'usage');
    }
    const service = await openService(values, { embedder: 'shared' });
    mark('cli: service started');
    // The embedding service computes the question's vector while this process analyses the question:
    // the answer stage asks for the same text (normalised as askQuestion does) and gets the memoised vector.
    if (parsed.data.retrieval !== 'bm25' && !parsed.data.previousQuestion) service.embedder?.embedQuery(question.normalize('NFC').trim()).catch(() => {});
    try {
      const gguf = typeof values.gguf === 'string' ? path.resolve(values.gguf) : undefined;
      const stream = !values.json && (values.stream === true || (values.stream !== false && process.stderr.isTTY === true));
      const draft = stream ? terminalDraft() : undefined;
      // Ctrl+C stops the generation (the model is released) instead of killing the process mid-write.
      const controller = new AbortController();
      const onSigint = () => controller.abort();
      process.once('SIGINT', onSigint);
      let answer: AnswerResult;
      try {
        answer = await service.ask(parsed.data, { ggufPath: gguf, signal: controller.signal, onToken: draft?.write, onReset: draft?.clear });
      } finally {
        process.off('SIGINT', onSigint);
        // The draft was never verified: it is erased before the verified answer is printed.
        draft?.clear();
      }
      mark('cli: answered');
      if (typeof values.snapshot === 'string') {
        const out = path.resolve(values.snapshot);
        const res = await service.exportSnapshot(answer.id, out, { cli: true, ...(gguf ? { ggufPath: gguf } : {}) });
        if (!values.json) io.stdout(`Zapisano migawkę audytową: ${out} (SHA-256 pliku ${res.sha256})`);
      }
      if (values.json) printJson(io, answer);
      else printAnswer(io, answer);
      return 0;
    } finally {
      await service.stop();
    }
  },
};

/**
 * The unverified text as the model writes it, on stderr (dim), erased when the answer is
 * complete so the terminal keeps only the verified answer on stdout.
 */
function terminalDraft(): { write: (d: string) => void; clear: () => void } {
  let text = '';
  const tty = process.stderr.isTTY === true;
  return {
    write: (d: string) => {
      if (!text) process.stderr.write(tty ? '\x1b[2m' : 'Piszę (niezweryfikowane): ');
      text += d;
      process.stderr.write(d);
    },
    clear: () => {
      if (!text) return;
      if (tty) {
        const cols = process.stderr.columns || 80;
        const rows = text.split('\n').reduce((n, l) => n + Math.max(1, Math.ceil(l.length / cols)), 0);
        process.stderr.write(`\x1b[0m\r${rows > 1 ? `\x1b[${rows - 1}A` : ''}\x1b[J`);
      } else process.stderr.write('\n');
      text = '';
    },
  };
}

/** `sciaga snapshot verify <plik.json>` */
export const snapshotCommand: CommandSpec = {
  options: {},
  run: async (pos, values, io) => {
    const [sub, file] = pos;
    if (sub !== 'verify' || !file) throw new UserError('Użycie: sciaga snapshot verify <plik.json>', 'usage');
    const p = path.resolve(file);
    if (!fs.existsSync(p)) throw new UserError(`Nie ma pliku migawki: ${p}`, 'no-file');
    const { verifySnapshot } = await import('../../core/audit/snapshot');
    const service = await openService(values, { loadModel: false });
    try {
      const check = verifySnapshot(fs.readFileSync(p, 'utf8'), service.store);
      if (values.json) printJson(io, check);
      else io.stdout(check.message);
      return check.ok ? 0 : 1;
    } finally {
      await service.stop();
    }
  },
};

/** `sciaga eval-answers <golden.jsonl…> [--generator …] [--gguf …]`: answer quality on golden sets. */
export const evalAnswersCommand: CommandSpec = {
  options: {
    retrieval: { type: 'string', default: 'hybrid-rerank' },
    generator: { type: 'string', default: 'extractive' },
    gguf: { type: 'string' },
    'docs-dir': { type: 'string' },
  },
  run: async (pos, values, io) => {
    if (pos.length === 0) throw new UserError('Podaj pliki z pytaniami wzorcowymi (golden.jsonl).', 'usage');
    const { readGolden } = await import('../../core/eval/golden');
    const { evaluateAnswers, formatAnswerReport } = await import('../../core/answer/eval');
    const questions = (await Promise.all(pos.map((f) => readGolden(path.resolve(f))))).flat();
    const docsDir = typeof values['docs-dir'] === 'string' ? path.resolve(values['docs-dir']) : path.join(path.dirname(path.resolve(pos[0]!)), 'docs');
    const service = await openService(values, { embedder: 'shared' });
    try {
      const gguf = typeof values.gguf === 'string' ? path.resolve(values.gguf) : undefined;
      const report = await evaluateAnswers(
        questions,
        (q) =>
          service.ask({ question: q.q, retrieval: values.retrieval as never, generator: values.generator as never, ...(q.today ? { today: q.today } : {}) }, { ggufPath: gguf }),
        docsDir,
      );
      if (values.json) printJson(io, report);
      else io.stdout(formatAnswerReport(report));
      return 0;
    } finally {
      await service.stop();
    }
  },
};

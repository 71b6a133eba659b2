import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDataDir } from '../../core/paths';
import { DEFAULT_EMBEDDING_MODEL } from '../../../src-shared/constants';
import { strategySchema } from '../../../src-shared/ipc';
import { FRAGMENT_FORMS, countOf } from '../../../src-shared/plural';
import { chunksOf, compareFiles } from '../../core/chunk-views';
import { UserError, isUserError } from '../../core/errors';
import type { CommandSpec } from '../main';
import { printJson } from '../io';
import { openService } from './service-for-cli';

const needArgs = (pos: string[], what: string) => {
  if (pos.length === 0) throw new UserError(`Podaj ${what}.`, 'usage');
};

export const ingestCommand: CommandSpec = {
  options: { force: { type: 'boolean', default: false } },
  run: async (pos, values, io) => {
    needArgs(pos, 'pliki lub foldery do wczytania');
    let service: Awaited<ReturnType<typeof openService>> | undefined;
    try {
      service = await openService(values);
      const summary = await service.ingest(pos, Boolean(values.force));
      if (values.json) printJson(io, summary);
      else {
        for (const f of summary.files) {
          const mark = f.status === 'ingested' ? '✓' : f.status === 'skipped' ? '–' : '✗';
          io.stdout(`${mark} ${f.fileName}: ${countOf(f.chunks, FRAGMENT_FORMS)}${f.message ? ` — ${f.message}` : ''}`);
          for (const w of f.warnings ?? []) io.stdout(`  ! ${w}`);
        }
        if (summary.embedding === 'brak') io.stdout('Uwaga: brak modelu osadzeń — zapisano tylko indeks leksykalny (BM25).');
        if (summary.message) io.stdout(summary.message);
        io.stdout(`${summary.integrity.message} Zapisano ${countOf(summary.chunksWritten, FRAGMENT_FORMS)} w ${(summary.durationMs / 1000).toFixed(1)} s.`);
      }
      const failed = summary.files.some((f) => f.status === 'failed');
      return summary.integrity.ok && !failed && !summary.stopped ? 0 : 1;
    } catch (e) {
      // A script reading --json gets an answer whatever happened.
      if (!values.json) throw e;
      const message = isUserError(e) ? e.message : `Błąd wewnętrzny: ${(e as Error)?.message ?? e}`;
      printJson(io, { ok: false, error: { message, code: isUserError(e) ? e.code : 'internal' }, files: [], chunksWritten: 0 });
      return 1;
    } finally {
      await service?.stop();
    }
  },
};

/** Chunking needs the e5 tokenizer only: no Chroma server, no ONNX model. */
async function tokenCounter() {
  const { findModelDir } = await import('../../core/service');
  const dir = findModelDir(defaultDataDir());
  if (!dir) return undefined;
  const { loadLocalTokenizer, tokenCounterOf } = await import('../../core/embed/e5-tokenizer');
  return tokenCounterOf(await loadLocalTokenizer(dir, DEFAULT_EMBEDDING_MODEL));
}

export const chunksCommand: CommandSpec = {
  options: { strategy: { type: 'string', default: 'structural' } },
  run: async (pos, values, io) => {
    needArgs(pos, 'plik');
    const strategy = strategySchema.safeParse(values.strategy);
    if (!strategy.success) throw new UserError(`Nieznana strategia: ${values.strategy}. Dostępne: ${strategySchema.options.join(', ')}.`, 'usage');
    const result = await chunksOf(path.resolve(pos[0]), strategy.data, await tokenCounter(), { isolated: true });
    if (values.json) {
      const { text: _text, ...document } = result.document;
      printJson(io, { document, strategy: result.strategy, chunks: result.chunks });
    } else {
      for (const c of result.chunks) {
        io.stdout(`#${c.metadata.chunkIndex + 1}/${c.metadata.chunkTotal} [${c.metadata.tokenCount} tok.]${c.orphan ? ' SIEROTA' : ''} ${c.metadata.breadcrumb.join(' > ')}`);
      }
    }
    return 0;
  },
};

export const compareCommand: CommandSpec = {
  options: {},
  run: async (pos, values, io) => {
    needArgs(pos, 'pliki do porównania');
    const rows = await compareFiles(pos.map((p) => path.resolve(p)), await tokenCounter());
    if (values.json) printJson(io, rows);
    else {
      io.stdout('plik | strategia | fragmenty | sieroty % | najdłuższa sekcja (znaki)');
      for (const r of rows) for (const s of r.strategies) io.stdout(`${r.fileName} | ${s.strategy} | ${s.chunks} | ${s.orphanPercent} | ${s.longestSectionChars}`);
    }
    return 0;
  },
};

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Questions for the sample log: two answerable (one about the current state), one not. */
const DEMO_QUESTIONS = [
  'do której godziny jest teraz otwarta pracownia w czwartek?',
  'ile kosztuje godzina projektowania?',
  'jaki samochód służbowy kupiliśmy?',
];

export const demoCommand: CommandSpec = {
  options: {},
  run: async (_pos, values, io) => {
    const sample = path.join(repoRoot, 'resources', 'sample');
    // The demo keeps its own store so it never mixes with the user's documents.
    const store = typeof values.store === 'string' ? values.store : path.join(defaultDataDir(), 'demo');
    const service = await openService({ ...values, store });
    try {
      io.stdout(`Przykładowy dziennik decyzji: ${sample}\nFolder danych demonstracji: ${store}\n`);
      const summary = await service.ingest([sample]);
      io.stdout(`${summary.integrity.message}\n`);
      for (const q of DEMO_QUESTIONS) {
        const a = await service.ask({ question: q });
        io.stdout(`Pytanie: ${q}\nOdpowiedź: ${a.answer}\n`);
      }
      return summary.integrity.ok ? 0 : 1;
    } finally {
      await service.stop();
    }
  },
};
const MODES = ['dense', 'bm25', 'hybrid', 'hybrid-rerank'] as const;

export const evalCommand: CommandSpec = {
  options: { retrieval: { type: 'string' }, today: { type: 'string' }, 'docs-dir': { type: 'string' } },
  run: async (pos, values, io) => {
    needArgs(pos, 'pliki z pytaniami wzorcowymi (.jsonl)');
    const modes = values.retrieval ? [String(values.retrieval)] : [...MODES];
    for (const m of modes) {
      if (!(MODES as readonly string[]).includes(m)) throw new UserError(`Nieznana metoda wyszukiwania: ${m}. Dostępne: ${MODES.join(', ')}.`, 'usage');
    }
    const { readGolden, evaluateGolden, formatReports } = await import('../../core/eval/golden');
    const { retrieve } = await import('../../core/retrieve/pipeline');
    const { SentenceMaxSimReranker } = await import('../../core/retrieve/rerank');
    const files = pos.map((p) => path.resolve(p));
    const questions = (await Promise.all(files.map((f) => readGolden(f)))).flat();
    // Document answers are paths relative to the folder of the docs golden set.
    const docsDir = typeof values['docs-dir'] === 'string' ? path.resolve(values['docs-dir']) : path.dirname(files.find((f) => /docs/.test(path.basename(f))) ?? files[0]);
    const service = await openService(values);
    try {
      const store = await service.requireStore();
      if (store.lexical.size === 0) throw new UserError('Baza jest pusta: najpierw wczytaj dokumenty (`sciaga ingest`).', 'empty-store');
      const reranker = service.embedder ? new SentenceMaxSimReranker(service.embedder) : undefined;
      const reports = [];
      for (const mode of modes as (typeof MODES)[number][]) {
        reports.push(
          await evaluateGolden(
            questions,
            (g) =>
              retrieve(g.q, { mode, today: (values.today as string | undefined) ?? g.today }, { lexical: store.lexical, embedder: service.embedder, store: store.vectors, reranker }),
            { docsDir, mode },
          ),
        );
      }
      if (values.json) printJson(io, reports.map(({ results, ...r }) => ({ ...r, results: results.map(({ trace: _t, ...x }) => x) })));
      else io.stdout(formatReports(reports));
      return 0;
    } finally {
      await service.stop();
    }
  },
};

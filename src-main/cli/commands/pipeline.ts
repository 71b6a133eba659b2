import path from 'node:path';
import { repoRoot } from '../repo-root';
import { defaultDataDir } from '../../core/paths';
import { DEFAULT_EMBEDDING_MODEL } from '../../../src-shared/constants';
import { rescueModeSchema, strategySchema, type IngestSummary, type RescueMode } from '../../../src-shared/ipc';
import type { RescueStats } from '../../../src-shared/types';
import { FRAGMENT_FORMS, countOf } from '../../../src-shared/plural';
import { chunksOf, compareFiles } from '../../core/chunk-views';
import { UserError, isUserError } from '../../core/errors';
import type { CommandSpec } from '../command-spec';
import { printJson } from '../io';
import { openService } from './service-for-cli';

/** The positional arguments, refused in Polish when there are none (the first is then known to exist). */
const needArgs = (pos: string[], what: string): [string, ...string[]] => {
  const [first, ...rest] = pos;
  if (first === undefined) throw new UserError(`Podaj ${what}.`, 'usage');
  return [first, ...rest];
};

const RESCUE_OPTIONS = {
  rescue: { type: 'string' },
  'rescue-max-calls': { type: 'string' },
  gguf: { type: 'string' },
} as const;

/** `--rescue llama|endpoint|off`, `--rescue-max-calls N`, `--gguf PLIK`, checked on entry. */
function rescueRequest(values: Record<string, unknown>): { mode?: RescueMode; maxCalls?: number; ggufPath?: string } {
  const out: { mode?: RescueMode; maxCalls?: number; ggufPath?: string } = {};
  if (values.rescue !== undefined) {
    const m = rescueModeSchema.safeParse(values.rescue);
    if (!m.success) throw new UserError(`Nieznany model kontekstu: ${String(values.rescue)}. Dostępne: ${rescueModeSchema.options.join(', ')}.`, 'usage');
    out.mode = m.data;
  }
  if (values['rescue-max-calls'] !== undefined) {
    const n = Number(values['rescue-max-calls']);
    if (!Number.isInteger(n) || n < 0 || n > 1000) throw new UserError('Limit wywołań modelu (--rescue-max-calls) musi być liczbą całkowitą od 0 do 1000.', 'usage');
    out.maxCalls = n;
  }
  if (typeof values.gguf === 'string') out.ggufPath = path.resolve(values.gguf);
  return out;
}

const rescueLine = (r: NonNullable<IngestSummary['rescue']> | RescueStats): string =>
  `Kontekst (${r.modelId}): ${r.calls} wywołań modelu, ${r.rescued} fragm. z kontekstem, NIEUSTALONE: ${r.unresolved}, odrzucone: ${r.rejected}, ponad limit: ${r.overFuse}, czas ${(r.durationMs / 1000).toFixed(1)} s.`;

export const ingestCommand: CommandSpec = {
  options: { force: { type: 'boolean', default: false }, ...RESCUE_OPTIONS },
  run: async (pos, values, io) => {
    needArgs(pos, 'pliki lub foldery do wczytania');
    const rescue = rescueRequest(values);
    let service: Awaited<ReturnType<typeof openService>> | undefined;
    try {
      service = await openService(values);
      const summary = await service.ingest(pos, Boolean(values.force), rescue);
      if (values.json) printJson(io, summary);
      else {
        for (const f of summary.files) {
          const mark = f.status === 'failed' ? '✗' : f.status === 'skipped' ? '–' : f.warning ? '⚠' : '✓';
          const status = f.warning ? ` — ok, z ostrzeżeniem: ${f.warning}` : '';
          io.stdout(`${mark} ${f.fileName}: ${countOf(f.chunks, FRAGMENT_FORMS)}${f.message ? ` — ${f.message}` : ''}${status}`);
          for (const w of f.warnings ?? []) io.stdout(`  ! ${w}`);
        }
        if (summary.rescue) io.stdout(rescueLine(summary.rescue));
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

/** Chunking needs the e5 tokenizer only (no Chroma server, no ONNX model); the file worker loads it from here. */
async function tokenizer() {
  const { findModelDir } = await import('../../core/service');
  const dir = findModelDir(defaultDataDir());
  return dir ? { modelsDir: dir, modelId: DEFAULT_EMBEDDING_MODEL } : undefined;
}

export const chunksCommand: CommandSpec = {
  options: { strategy: { type: 'string', default: 'structural' } },
  run: async (pos, values, io) => {
    const [file] = needArgs(pos, 'plik');
    const strategy = strategySchema.safeParse(values.strategy);
    if (!strategy.success) throw new UserError(`Nieznana strategia: ${values.strategy}. Dostępne: ${strategySchema.options.join(', ')}.`, 'usage');
    const result = await chunksOf(path.resolve(file), strategy.data, await tokenizer());
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
  options: { ...RESCUE_OPTIONS },
  run: async (pos, values, io) => {
    needArgs(pos, 'pliki do porównania');
    const request = rescueRequest(values);
    // Rescue needs only the generator settings, not Chroma or the embedding model.
    const { SciagaService } = await import('../../core/service');
    const service = new SciagaService({ dataDir: typeof values.store === 'string' ? values.store : defaultDataDir(), mode: 'cli' });
    try {
      const deps = request.mode && request.mode !== 'off' ? await service.contextRescue(request) : undefined;
      const rows = await compareFiles(
        pos.map((p) => path.resolve(p)),
        await tokenizer(),
        deps && { ...deps, maxCalls: request.maxCalls },
      );
      if (values.json) printJson(io, rows);
      else {
        io.stdout('plik | strategia | fragmenty | sieroty % | bez przypisania % | najdłuższa sekcja (znaki) | wywołania LLM | NIEUSTALONE');
        for (const r of rows) {
          for (const s of r.strategies) {
            io.stdout(
              `${r.fileName} | ${s.strategy} | ${s.chunks} | ${s.orphanPercent} | ${s.unattributedPercent ?? ''} | ${s.longestSectionChars} | ${s.rescue?.calls ?? ''} | ${s.rescue?.unresolved ?? ''}`,
            );
          }
          const rescued = r.strategies.find((s) => s.rescue)?.rescue;
          if (rescued) io.stdout(`  ${rescueLine(rescued)}`);
        }
      }
      return 0;
    } finally {
      await service.stop();
    }
  },
};

/** Questions for the sample log: two answerable (one about the current state), one not. */
const DEMO_QUESTIONS = ['do której godziny jest teraz otwarta pracownia w czwartek?', 'ile kosztuje godzina projektowania?', 'jaki samochód służbowy kupiliśmy?'];

export const demoCommand: CommandSpec = {
  options: {},
  run: async (_pos, values, io) => {
    const sample = path.join(repoRoot(), 'resources', 'sample');
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
    const [firstFile] = needArgs(pos, 'pliki z pytaniami wzorcowymi (.jsonl)');
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
    const docsDir =
      typeof values['docs-dir'] === 'string' ? path.resolve(values['docs-dir']) : path.dirname(files.find((f) => /docs/.test(path.basename(f))) ?? path.resolve(firstFile));
    const service = await openService(values);
    try {
      const store = await service.requireStore();
      if (store.lexical.size === 0) throw new UserError('Baza jest pusta: najpierw wczytaj dokumenty (`sciaga ingest`).', 'empty-store');
      const reranker = service.embedder ? new SentenceMaxSimReranker(service.embedder, { stored: store.lexical }) : undefined;
      const reports = [];
      for (const mode of modes as (typeof MODES)[number][]) {
        reports.push(
          await evaluateGolden(
            questions,
            (g) =>
              retrieve(
                g.q,
                { mode, today: (values.today as string | undefined) ?? g.today },
                { lexical: store.lexical, embedder: service.embedder, store: store.vectors, reranker },
              ),
            { docsDir, mode },
          ),
        );
      }
      if (values.json)
        printJson(
          io,
          reports.map(({ results, ...r }) => ({ ...r, results: results.map(({ trace: _t, ...x }) => x) })),
        );
      else io.stdout(formatReports(reports));
      return 0;
    } finally {
      await service.stop();
    }
  },
};

/** `sciaga ocr import|pobierz|status`: the Polish OCR model for scanned PDFs. */
export const ocrCommand: CommandSpec = {
  options: {},
  run: async (pos, values, io) => {
    const [action, file] = pos;
    const dataDir = typeof values.store === 'string' ? values.store : defaultDataDir();
    const { downloadOcrModel, findOcrModelDir, importOcrModel, OCR_MODEL_FILE } = await import('../../core/ingest/ocr');
    if (action === 'import') {
      if (!file) throw new UserError(`Podaj plik ${OCR_MODEL_FILE} do zaimportowania.`, 'usage');
      const target = await importOcrModel(path.resolve(file), dataDir);
      if (values.json) printJson(io, { file: target });
      else io.stdout(`Zaimportowano model OCR: ${target}`);
      return 0;
    }
    if (action === 'pobierz') {
      io.stderr('Pobieranie polskiego modelu OCR (ok. 5 MB)…');
      const res = await downloadOcrModel(dataDir);
      if (values.json) printJson(io, res);
      else io.stdout(`Pobrano model OCR: ${res.file} (SHA-256 ${res.sha256})`);
      return 0;
    }
    if (action === 'status' || action === undefined) {
      const dir = findOcrModelDir(dataDir);
      if (values.json) printJson(io, { dir: dir ?? null });
      else
        io.stdout(
          dir
            ? `Model OCR: ${path.join(dir, OCR_MODEL_FILE)}`
            : `Brak modelu OCR — skany PDF nie będą czytane. Użyj \`sciaga ocr import ${OCR_MODEL_FILE}\` albo \`sciaga ocr pobierz\`.`,
        );
      return dir ? 0 : 1;
    }
    throw new UserError(`Nieznane polecenie ocr: ${action}. Dostępne: import, pobierz, status.`, 'usage');
  },
};

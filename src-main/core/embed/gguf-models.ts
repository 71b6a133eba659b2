/**
 * Local language models (GGUF, run by node-llama-cpp): a short curated catalogue of instruct
 * models that handle Polish, downloaded only when the user asks (resumable, checked against a
 * SHA-256 pinned to one revision of the file), or imported from a .gguf the user picked.
 *
 * Checksums and sizes come from the Hugging Face LFS pointers of the named revision; an entry
 * whose checksum could not be confirmed has no `sha256` and is not offered for download (the
 * user can still import the file they trust).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { OnProgress } from '../../../src-shared/types';
import { UserError } from '../errors';
import { downloadFile, sha256File } from './model-manager';

export interface GgufCatalogueEntry {
  id: string;
  name: string;
  quantization: string;
  /** Bytes of the file (exact when `sizeExact`, else as rounded on the model page). */
  sizeBytes: number;
  sizeExact: boolean;
  licence: string;
  /** Context length the app uses (the model supports at least this much). */
  contextLength: number;
  /** SHA-256 of the file at `url`; absent when it could not be confirmed. */
  sha256?: string;
  /** The file, pinned to one revision, so the checksum stays true. */
  url?: string;
  /** The model page (licence, card). */
  page: string;
  fileName: string;
  note: string;
}

export const GGUF_CATALOGUE: readonly GgufCatalogueEntry[] = [
  {
    id: 'bielik-4.5b-v3.0-instruct',
    name: 'Bielik 4.5B v3.0 Instruct (SpeakLeash)',
    quantization: 'GGUF (kwantyzacje w repozytorium autorów)',
    sizeBytes: 0,
    sizeExact: false,
    licence: 'Apache 2.0 (z warunkami użycia Bielik)',
    contextLength: 4096,
    page: 'https://huggingface.co/speakleash/Bielik-4.5B-v3.0-Instruct-GGUF',
    fileName: 'Bielik-4.5B-v3.0-Instruct.gguf',
    note: 'Model trenowany po polsku. Nie udało się potwierdzić sumy SHA-256 ani dokładnej nazwy pliku, więc aplikacja nie pobiera go sama: pobierz plik ze strony modelu i użyj „Importuj plik .gguf”.',
  },
  {
    id: 'bielik-11b-v2.3-instruct-q4_k_m',
    name: 'Bielik 11B v2.3 Instruct',
    quantization: 'Q4_K_M',
    sizeBytes: 6_720_000_000,
    sizeExact: false,
    licence: 'Apache 2.0',
    contextLength: 4096,
    sha256: '126c03dd3f3b1d0b59cc6046016c283fb248928619001c9d9cc034d97a407b42',
    url: 'https://huggingface.co/QuantFactory/Bielik-11B-v2.3-Instruct-GGUF/resolve/652c15e4379a4d412b3a1c7bb2768c7000de1c1a/Bielik-11B-v2.3-Instruct.Q4_K_M.gguf',
    page: 'https://huggingface.co/QuantFactory/Bielik-11B-v2.3-Instruct-GGUF',
    fileName: 'Bielik-11B-v2.3-Instruct.Q4_K_M.gguf',
    note: 'Najlepszy polski z listy, ale potrzebuje ok. 8 GB RAM i jest wolny na CPU laptopa.',
  },
  {
    id: 'qwen2.5-1.5b-instruct-q4_k_m',
    name: 'Qwen2.5 1.5B Instruct',
    quantization: 'Q4_K_M',
    sizeBytes: 986_000_000,
    sizeExact: false,
    licence: 'Apache 2.0',
    contextLength: 4096,
    sha256: '50961d9b7d3b89e46be230528fc66d38bbdda8ac3748323dd34f129a714124fc',
    url: 'https://huggingface.co/bartowski/Qwen2.5-1.5B-Instruct-GGUF/resolve/85553858e3522ce5b531285b2202bdb40fab1624/Qwen2.5-1.5B-Instruct-Q4_K_M.gguf',
    page: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct',
    fileName: 'Qwen2.5-1.5B-Instruct-Q4_K_M.gguf',
    note: 'Mały i szybki; po polsku poprawny, ale prosty.',
  },
  {
    id: 'qwen2.5-3b-instruct-q4_k_m',
    name: 'Qwen2.5 3B Instruct',
    quantization: 'Q4_K_M',
    sizeBytes: 1_929_903_264,
    sizeExact: true,
    licence: 'Qwen Research License (tylko do użytku niekomercyjnego)',
    contextLength: 4096,
    sha256: '9c9f56a391a3abbd5b89d0245bf6106081bcc3173119d4229235dd9d23253f94',
    url: 'https://huggingface.co/bartowski/Qwen2.5-3B-Instruct-GGUF/resolve/e118764d9e73c6ee4b87fe7a367df84a985a99fc/Qwen2.5-3B-Instruct-Q4_K_M.gguf',
    page: 'https://huggingface.co/Qwen/Qwen2.5-3B-Instruct',
    fileName: 'Qwen2.5-3B-Instruct-Q4_K_M.gguf',
    note: 'Dobry kompromis jakości i szybkości; sprawdź licencję przed użyciem w firmie.',
  },
  {
    id: 'llama-3.2-3b-instruct-q4_k_m',
    name: 'Llama 3.2 3B Instruct',
    quantization: 'Q4_K_M',
    sizeBytes: 2_020_000_000,
    sizeExact: false,
    licence: 'Llama 3.2 Community License',
    contextLength: 4096,
    sha256: '6c1a2b41161032677be168d354123594c0e6e67d2b9227c84f296ad037c728ff',
    url: 'https://huggingface.co/bartowski/Llama-3.2-3B-Instruct-GGUF/resolve/c346bfc2029e79ba6d7edf026cf01fe44242db0d/Llama-3.2-3B-Instruct-Q4_K_M.gguf',
    page: 'https://huggingface.co/meta-llama/Llama-3.2-3B-Instruct',
    fileName: 'Llama-3.2-3B-Instruct-Q4_K_M.gguf',
    note: 'Polski nie jest oficjalnie wspierany, ale model go rozumie.',
  },
  {
    id: 'gemma-3-4b-it-q4_k_m',
    name: 'Gemma 3 4B it',
    quantization: 'Q4_K_M',
    sizeBytes: 2_489_893_664,
    sizeExact: true,
    licence: 'Gemma Terms of Use',
    contextLength: 4096,
    sha256: '226c620a06517aef8a9ceb878eae6b95248fde133466532fa07c834c16d4e66f',
    url: 'https://huggingface.co/l3utterfly/gemma-3-4b-it-gguf/resolve/d7ab7be3f82e9db30f6127993318cec434e6666a/gemma-3-4b-it-Q4_K_M.gguf',
    page: 'https://huggingface.co/google/gemma-3-4b-it',
    fileName: 'gemma-3-4b-it-Q4_K_M.gguf',
    note: 'Wielojęzyczny (w tym polski); kwantyzacja społeczności (l3utterfly).',
  },
];

/** Where downloaded and imported GGUF files live inside a models folder. */
export const ggufDir = (modelsDir: string) => path.join(modelsDir, 'gguf');

/** A GGUF file starts with the magic "GGUF"; a Git LFS pointer or an HTML error page does not. */
export function checkGgufFile(file: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const head = Buffer.alloc(4);
    const n = fs.readSync(fd, head, 0, 4, 0);
    if (n < 4 || head.toString('latin1') !== 'GGUF') {
      throw new UserError(`Plik ${path.basename(file)} nie jest modelem GGUF (brak nagłówka „GGUF”).`, 'gguf-invalid');
    }
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`Nie można odczytać pliku ${file}: ${(e as Error).message}`, 'gguf-unreadable', { cause: e });
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

export interface InstalledGguf {
  path: string;
  fileName: string;
  sizeBytes: number;
  /** The catalogue entry with the same file name, when there is one. */
  catalogueId?: string;
}

/** GGUF files in the `gguf/` folder of each models folder (first occurrence of a name wins). */
export function listInstalledGguf(modelsDirs: string[]): InstalledGguf[] {
  const seen = new Map<string, InstalledGguf>();
  for (const dir of modelsDirs.map(ggufDir)) {
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) {
      if (!name.toLowerCase().endsWith('.gguf') || seen.has(name)) continue;
      const file = path.join(dir, name);
      try {
        checkGgufFile(file);
      } catch {
        continue;
      }
      const entry = GGUF_CATALOGUE.find((e) => e.fileName === name);
      seen.set(name, { path: file, fileName: name, sizeBytes: fs.statSync(file).size, ...(entry ? { catalogueId: entry.id } : {}) });
    }
  }
  return [...seen.values()];
}

export interface RamCheck {
  ok: boolean;
  needBytes: number;
  totalBytes: number;
  freeBytes: number;
  /** Polish; empty when there is plenty. */
  message: string;
}

/**
 * Memory a model needs: the weights (mapped whole) plus the KV cache and buffers, roughly
 * 0.25 MB per context token for 3–4B models and a fixed 300 MB for the runtime.
 */
export function checkRam(fileBytes: number, contextLength: number, mem = { total: os.totalmem(), free: os.freemem() }): RamCheck {
  const needBytes = Math.round(fileBytes + contextLength * 256 * 1024 + 300 * 1024 * 1024);
  const gb = (b: number) => `${(b / 1024 ** 3).toFixed(1)} GB`;
  if (needBytes > mem.total * 0.9) {
    return {
      ok: false,
      needBytes,
      totalBytes: mem.total,
      freeBytes: mem.free,
      message: `Model potrzebuje ok. ${gb(needBytes)} pamięci, a komputer ma ${gb(mem.total)}: nie wczytam go. Wybierz mniejszy model.`,
    };
  }
  const message = needBytes > mem.free ? `Model potrzebuje ok. ${gb(needBytes)}, wolne jest ${gb(mem.free)}: zamknij inne programy, inaczej komputer zwolni.` : '';
  return { ok: true, needBytes, totalBytes: mem.total, freeBytes: mem.free, message };
}

export interface GgufDownloadOptions {
  modelsDir: string;
  onProgress?: OnProgress;
  signal?: AbortSignal;
  /** @default globalThis.fetch */
  fetchImpl?: typeof fetch;
}

/**
 * Downloads a catalogue entry into `<modelsDir>/gguf/` (resuming a `.part` with an HTTP Range
 * request) and checks its SHA-256; a file that does not match is deleted, never used.
 */
export async function downloadGguf(entry: GgufCatalogueEntry, options: GgufDownloadOptions): Promise<InstalledGguf> {
  if (!entry.url || !entry.sha256) {
    throw new UserError(`Dla modelu ${entry.name} katalog nie ma potwierdzonej sumy SHA-256: pobierz plik ze strony ${entry.page} i zaimportuj go.`, 'gguf-no-checksum');
  }
  const target = path.join(ggufDir(options.modelsDir), entry.fileName);
  if (!fs.existsSync(target)) {
    await downloadFile(entry.url, target, {
      fetchImpl: options.fetchImpl ?? globalThis.fetch,
      signal: options.signal,
      optional: false,
      onBytes: (done, total) => options.onProgress?.({ stage: 'download', done, total: Number.isFinite(total) ? total : entry.sizeBytes, message: entry.fileName }),
    });
  }
  options.onProgress?.({ stage: 'checksum', done: 0, total: 1, message: 'sprawdzanie sumy SHA-256' });
  const sha = await sha256File(target);
  if (sha !== entry.sha256) {
    await fsp.rm(target, { force: true });
    throw new UserError(
      `Pobrany plik ${entry.fileName} ma inną sumę SHA-256 (${sha.slice(0, 12)}…) niż w katalogu (${entry.sha256.slice(0, 12)}…): usunięto go. Spróbuj ponownie.`,
      'gguf-checksum',
    );
  }
  checkGgufFile(target);
  options.onProgress?.({ stage: 'checksum', done: 1, total: 1, message: 'suma SHA-256 zgodna' });
  return { path: target, fileName: entry.fileName, sizeBytes: fs.statSync(target).size, catalogueId: entry.id };
}

/** Copies a .gguf the user picked into `<modelsDir>/gguf/` (refusing anything that is not GGUF). */
export async function importGguf(src: string, modelsDir: string): Promise<InstalledGguf & { sha256: string }> {
  if (!src.toLowerCase().endsWith('.gguf')) throw new UserError('Wskaż plik z rozszerzeniem .gguf.', 'gguf-invalid');
  if (!fs.existsSync(src)) throw new UserError(`Nie ma pliku ${src}.`, 'gguf-missing');
  checkGgufFile(src);
  const dir = ggufDir(modelsDir);
  await fsp.mkdir(dir, { recursive: true });
  const target = path.join(dir, path.basename(src));
  if (path.resolve(src) !== path.resolve(target)) {
    const tmp = `${target}.import`;
    await fsp.copyFile(src, tmp);
    await fsp.rename(tmp, target);
  }
  const sha256 = await sha256File(target);
  const entry = GGUF_CATALOGUE.find((e) => e.sha256 === sha256 || e.fileName === path.basename(src));
  return { path: target, fileName: path.basename(target), sizeBytes: fs.statSync(target).size, sha256, ...(entry ? { catalogueId: entry.id } : {}) };
}

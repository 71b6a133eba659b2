import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { OnProgress } from '../../../src-shared/types';
import { UserError } from '../errors';
import { downloadFile } from './download';

// The resumable download moved to download.ts; re-exported for callers that import it from here.
export { downloadFile };

/** Embedding models the app knows how to fetch; both are transformers.js exports of intfloat's e5. */
export const KNOWN_MODELS = {
  'Xenova/multilingual-e5-small': { dimension: 384, approxBytes: 130_000_000 },
  'Xenova/multilingual-e5-base': { dimension: 768, approxBytes: 290_000_000 },
} as const;
export type KnownModelId = keyof typeof KNOWN_MODELS;

/** Written next to the files by the build script, imports and downloads. */
export const MANIFEST_FILE = 'sciaga-manifest.json';
export const HF_BASE_URL = 'https://huggingface.co';

const REQUIRED_FILES = ['config.json', 'tokenizer.json'];
const ONNX_FILES = ['onnx/model_quantized.onnx', 'onnx/model.onnx'];
const OPTIONAL_FILES = ['tokenizer_config.json', 'special_tokens_map.json'];

export interface ModelFileInfo {
  path: string;
  size: number;
  sha256: string;
}

export interface InstalledModel {
  id: string;
  folder: string;
  dimension: number;
  sizeBytes: number;
  hasQuantized: boolean;
  hasFp32: boolean;
  files: ModelFileInfo[];
  source?: string;
}

interface Manifest {
  model_id?: string;
  source?: string;
  files?: Record<string, { size: number; sha256: string }>;
}

export async function sha256File(file: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) h.update(chunk as Buffer);
  return h.digest('hex');
}

function readJson(file: string, what: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (cause) {
    throw new UserError(`Plik ${file} (${what}) nie jest poprawnym JSON-em.`, 'MODEL_BAD_JSON', { cause });
  }
}

function checkOnnx(file: string): void {
  const fd = fs.openSync(file, 'r');
  const head = Buffer.alloc(32);
  const n = fs.readSync(fd, head, 0, 32, 0);
  fs.closeSync(fd);
  // A repo cloned without git-lfs holds ~130-byte pointer files in place of the weights.
  if (head.subarray(0, n).toString('latin1').startsWith('version https://git-lfs')) {
    throw new UserError(`Plik ${file} to wskaźnik Git LFS, a nie model. Sklonuj repozytorium z włączonym git-lfs ` + `albo pobierz model w aplikacji.`, 'MODEL_LFS_POINTER');
  }
  // An ONNX ModelProto starts with field 1 (ir_version, varint): tag byte 0x08.
  if (n < 2 || head[0] !== 0x08) {
    throw new UserError(`Plik ${file} nie wygląda na model ONNX.`, 'MODEL_BAD_ONNX');
  }
}

/**
 * Checks a folder has the transformers.js layout: config.json with hidden_size, tokenizer.json
 * with a model, and at least one of onnx/model_quantized.onnx, onnx/model.onnx.
 * @returns the embedding dimension (config.json `hidden_size`)
 */
export function validateModelFolder(folder: string): { dimension: number; onnx: string[] } {
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) {
    throw new UserError(`Folder ${folder} nie istnieje.`, 'MODEL_NO_FOLDER');
  }
  for (const f of REQUIRED_FILES) {
    if (!fs.existsSync(path.join(folder, f))) {
      throw new UserError(`W folderze modelu ${folder} brakuje pliku ${f}.`, 'MODEL_MISSING_FILE');
    }
  }
  const config = readJson(path.join(folder, 'config.json'), 'konfiguracja modelu') as {
    hidden_size?: unknown;
  };
  if (typeof config.hidden_size !== 'number' || config.hidden_size <= 0) {
    throw new UserError(`Plik ${path.join(folder, 'config.json')} nie podaje hidden_size.`, 'MODEL_BAD_CONFIG');
  }
  const tok = readJson(path.join(folder, 'tokenizer.json'), 'tokenizer') as { model?: { type?: unknown } };
  if (!tok.model || typeof tok.model.type !== 'string') {
    throw new UserError(`Plik ${path.join(folder, 'tokenizer.json')} nie opisuje tokenizera.`, 'MODEL_BAD_TOKENIZER');
  }
  const onnx = ONNX_FILES.filter((f) => fs.existsSync(path.join(folder, f)));
  if (onnx.length === 0) {
    throw new UserError(`W folderze modelu ${folder} brakuje onnx/model_quantized.onnx ani onnx/model.onnx.`, 'MODEL_MISSING_FILE');
  }
  for (const f of onnx) checkOnnx(path.join(folder, f));
  return { dimension: config.hidden_size, onnx };
}

function modelFiles(folder: string): string[] {
  return [...REQUIRED_FILES, ...OPTIONAL_FILES, ...ONNX_FILES].filter((f) => fs.existsSync(path.join(folder, f)));
}

async function describe(folder: string, id: string, dimension: number): Promise<InstalledModel> {
  let manifest: Manifest = {};
  if (fs.existsSync(path.join(folder, MANIFEST_FILE))) {
    try {
      manifest = JSON.parse(await fsp.readFile(path.join(folder, MANIFEST_FILE), 'utf8')) as Manifest;
    } catch {
      manifest = {}; // a broken manifest only costs a rehash
    }
  }
  const files: ModelFileInfo[] = [];
  for (const rel of modelFiles(folder)) {
    const size = (await fsp.stat(path.join(folder, rel))).size;
    const known = manifest.files?.[rel];
    const sha256 = known && known.size === size ? known.sha256 : await sha256File(path.join(folder, rel));
    files.push({ path: rel, size, sha256 });
  }
  return {
    id,
    folder,
    dimension,
    sizeBytes: files.reduce((a, f) => a + f.size, 0),
    hasQuantized: files.some((f) => f.path === 'onnx/model_quantized.onnx'),
    hasFp32: files.some((f) => f.path === 'onnx/model.onnx'),
    files,
    source: manifest.source,
  };
}

async function writeManifest(folder: string, id: string, source: string): Promise<void> {
  const files: Manifest['files'] = {};
  for (const rel of modelFiles(folder)) {
    const p = path.join(folder, rel);
    files[rel] = { size: (await fsp.stat(p)).size, sha256: await sha256File(p) };
  }
  await fsp.writeFile(path.join(folder, MANIFEST_FILE), JSON.stringify({ model_id: id, source, files }, null, 2));
}

/** Models under `modelsDir/<owner>/<name>/` whose layout is complete; broken folders are skipped. */
export async function listInstalledModels(modelsDir: string): Promise<InstalledModel[]> {
  const out: InstalledModel[] = [];
  if (!fs.existsSync(modelsDir)) return out;
  for (const owner of (await fsp.readdir(modelsDir, { withFileTypes: true })).filter((d) => d.isDirectory())) {
    const ownerDir = path.join(modelsDir, owner.name);
    for (const name of (await fsp.readdir(ownerDir, { withFileTypes: true })).filter((d) => d.isDirectory())) {
      const folder = path.join(ownerDir, name.name);
      let dimension: number;
      try {
        dimension = validateModelFolder(folder).dimension;
      } catch {
        // Not a complete model folder: it is not offered; importing it is what reports why.
        continue;
      }
      out.push(await describe(folder, `${owner.name}/${name.name}`, dimension));
    }
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function checkModelId(id: string): void {
  if (!/^[A-Za-z0-9][\w.-]*\/[A-Za-z0-9][\w.-]*$/.test(id) || id.includes('..')) {
    throw new UserError(`Nieprawidłowa nazwa modelu: „${id}” (oczekiwano „właściciel/nazwa”).`, 'MODEL_BAD_ID');
  }
}

/** Guesses the id of a folder that holds one of the known e5 models, from its config. */
function guessModelId(dimension: number): KnownModelId | undefined {
  return (Object.keys(KNOWN_MODELS) as KnownModelId[]).find((id) => KNOWN_MODELS[id].dimension === dimension);
}

export interface ImportOptions {
  modelsDir: string;
  /** @default guessed from the dimension for the known e5 models */
  modelId?: string;
  /** Replace an installed model with the same id. @default false */
  overwrite?: boolean;
}

/** Validates a model folder (transformers.js layout) and copies it into `modelsDir/<id>/`. */
export async function importModelFolder(src: string, options: ImportOptions): Promise<InstalledModel> {
  const { dimension } = validateModelFolder(src);
  const id = options.modelId ?? guessModelId(dimension);
  if (!id) {
    throw new UserError(`Nie rozpoznaję modelu w ${src} (wymiar ${dimension}); podaj jego nazwę „właściciel/nazwa”.`, 'MODEL_UNKNOWN');
  }
  checkModelId(id);
  const dest = path.join(options.modelsDir, ...id.split('/'));
  if (path.resolve(dest) === path.resolve(src)) return describe(dest, id, dimension);
  if (fs.existsSync(dest) && !options.overwrite) {
    throw new UserError(`Model ${id} jest już zainstalowany w ${dest}.`, 'MODEL_EXISTS');
  }
  await fsp.mkdir(path.dirname(dest), { recursive: true });
  const tmp = await fsp.mkdtemp(path.join(path.dirname(dest), '.import-'));
  try {
    for (const rel of modelFiles(src)) {
      await fsp.mkdir(path.dirname(path.join(tmp, rel)), { recursive: true });
      await fsp.copyFile(path.join(src, rel), path.join(tmp, rel));
    }
    const srcManifest = path.join(src, MANIFEST_FILE);
    const source = fs.existsSync(srcManifest) ? ((readJson(srcManifest, 'manifest') as Manifest).source ?? `import: ${src}`) : `import: ${src}`;
    await writeManifest(tmp, id, source);
    await fsp.rm(dest, { recursive: true, force: true });
    await fsp.rename(tmp, dest);
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
  return describe(dest, id, dimension);
}

export interface DownloadOptions {
  modelsDir: string;
  onProgress?: OnProgress;
  signal?: AbortSignal;
  /** @default globalThis.fetch */
  fetchImpl?: typeof fetch;
  /** @default 'https://huggingface.co' */
  baseUrl?: string;
  /** Also fetch the fp32 `onnx/model.onnx` (about 4× larger). @default false */
  includeFp32?: boolean;
}

/**
 * Downloads a known model from the Hugging Face hub (`<base>/<id>/resolve/main/<file>`), only
 * when the user asks. Each file streams into `<file>.part`; an interrupted download resumes
 * with an HTTP Range request from the bytes already on disk.
 */
export async function downloadModel(modelId: string, options: DownloadOptions): Promise<InstalledModel> {
  if (!(modelId in KNOWN_MODELS)) {
    throw new UserError(`Nie znam modelu ${modelId}; dostępne: ${Object.keys(KNOWN_MODELS).join(', ')}.`, 'MODEL_UNKNOWN');
  }
  const fetchImpl = options.fetchImpl ?? globalThis.fetch;
  const base = (options.baseUrl ?? HF_BASE_URL).replace(/\/+$/, '');
  const dest = path.join(options.modelsDir, ...modelId.split('/'));
  const files = [...REQUIRED_FILES, ...OPTIONAL_FILES, 'onnx/model_quantized.onnx', ...(options.includeFp32 ? ['onnx/model.onnx'] : [])];
  for (const [i, rel] of files.entries()) {
    const target = path.join(dest, rel);
    if (fs.existsSync(target)) continue;
    await downloadFile(`${base}/${modelId}/resolve/main/${rel}`, target, {
      fetchImpl,
      signal: options.signal,
      optional: OPTIONAL_FILES.includes(rel),
      onBytes: (done, total) =>
        options.onProgress?.({
          stage: 'download',
          done,
          total,
          message: `${rel} (${i + 1}/${files.length})`,
        }),
    });
  }
  const { dimension } = validateModelFolder(dest);
  await writeManifest(dest, modelId, `${base}/${modelId}`);
  return describe(dest, modelId, dimension);
}

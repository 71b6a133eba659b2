import { parseArgs, type ParseArgsConfig } from 'node:util';
import { defaultDataDir } from '../core/paths';
import { isUserError } from '../core/errors';
import { processIo, type CliIo } from './io';

export const HELP = `Ściąga — prywatny asystent do pytań o własne dokumenty (wszystko lokalnie).

Użycie: sciaga <polecenie> [opcje]

Polecenia:
  status [--json]                      wersje, folder danych, stan serwera Chroma i modelu
  web [--port N] [--allow-dir DIR]     tryb przeglądarkowy na http://127.0.0.1:<port>
  ingest <pliki lub foldery…> [--force] [--json]
                                       wczytuje, dzieli, osadza i zapisuje dokumenty
  chunks <plik> [--strategy S] [--json]
                                       fragmenty dokumentu z okruszkami i metadanymi
  compare <pliki…> [--json]            porównanie strategii podziału (liczba fragmentów, sieroty)
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

export type CommandFn = (positionals: string[], values: Record<string, string | boolean | string[] | undefined>, io: CliIo) => Promise<number>;

export interface CommandSpec {
  options: NonNullable<ParseArgsConfig['options']>;
  run: CommandFn;
}

const common: CommandSpec['options'] = {
  store: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
};

async function loadCommands(): Promise<Record<string, CommandSpec | ((args: string[], io: CliIo) => Promise<number>)>> {
  const [{ statusCommand }, { webCommand }, pipeline] = await Promise.all([
    import('./commands/status'),
    import('./commands/web'),
    import('./commands/pipeline'),
  ]);
  const { runHygieneCommand } = await import('./commands/hygiene');
  const answer = await import('./commands/answer');
  return {
    status: statusCommand,
    web: webCommand,
    ingest: pipeline.ingestCommand,
    chunks: pipeline.chunksCommand,
    compare: pipeline.compareCommand,
    ask: answer.askCommand,
    eval: pipeline.evalCommand,
    'eval-answers': answer.evalAnswersCommand,
    snapshot: answer.snapshotCommand,
    demo: pipeline.demoCommand,
    hygiene: runHygieneCommand,
  };
}

export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(HELP);
    return 0;
  }
  const commands = await loadCommands();
  const cmd = commands[name];
  if (!cmd) {
    io.stderr(`Nieznane polecenie: ${name}\n\n${HELP}`);
    return 2;
  }
  try {
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

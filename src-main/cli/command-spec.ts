import type { ParseArgsConfig } from 'node:util';
import type { CliIo } from './io';

// The shape every `sciaga` subcommand exports. It lives apart from main.ts so that the
// commands main.ts loads do not have to import main.ts back (an import cycle).

export type CommandFn = (positionals: string[], values: Record<string, string | boolean | string[] | undefined>, io: CliIo) => Promise<number>;

export interface CommandSpec {
  options: NonNullable<ParseArgsConfig['options']>;
  run: CommandFn;
}

#!/usr/bin/env node
// The CLI runs the TypeScript core directly through tsx: one source of truth for the app,
// the browser mode and the command line, no separate build step for the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src-main/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));

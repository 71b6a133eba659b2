// `node --import <this file>`: appends the URL of every module the process (and its worker threads)
// resolves to the file named by SCIAGA_RECORD_MODULES, so a test can tell what a CLI call loaded.
import { register } from 'node:module';

if (process.env.SCIAGA_RECORD_MODULES) {
  register('./record-modules-hooks.mjs', import.meta.url, { data: { file: process.env.SCIAGA_RECORD_MODULES } });
}

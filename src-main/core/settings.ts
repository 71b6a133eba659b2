import fs from 'node:fs';
import path from 'node:path';
import { settingsSchema, type Settings } from '../../src-shared/ipc';

export function readSettings(file: string): Settings {
  try {
    return settingsSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return {};
  }
}

/** Written atomically so a crash never leaves half a settings file. */
export function writeSettings(file: string, settings: Settings): Settings {
  const valid = settingsSchema.parse(settings);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(valid, null, 2));
  fs.renameSync(tmp, file);
  return valid;
}

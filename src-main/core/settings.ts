import fs from 'node:fs';
import path from 'node:path';
import { settingsSchema, type Settings } from '../../src-shared/ipc';
import { readStateFile, type StateRead } from './state-file';

/**
 * The user's settings. A corrupt settings.json is set aside as settings.json.bak (never
 * overwritten by the next save) and the notice says so in Polish.
 */
export function readSettings(file: string): StateRead<Settings> {
  return readStateFile(file, settingsSchema, () => ({}), 'ustawień settings.json');
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

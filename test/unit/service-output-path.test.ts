import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { InvokePayload } from '../../src-main/core/dispatch';
import { SciagaService, type ServiceOptions } from '../../src-main/core/service';

// One guard decides where the service may write for the user (snapshots and fixed DOCX files):
// a save dialog's choice, a CLI path, never a path typed by a page.
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function service(opts: Partial<ServiceOptions>): SciagaService {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-out-'));
  dirs.push(dataDir);
  return new SciagaService({ dataDir, mode: 'web', ...opts });
}
const exportSnapshot = (s: SciagaService, req: InvokePayload<'snapshot:export'>) => s.handlers()['snapshot:export']!(req);

describe('the output-path guard', () => {
  it('refuses a path named by the browser page', async () => {
    await expect(exportSnapshot(service({ mode: 'web' }), { answerId: 'a1', outPath: '/tmp/x.json' })).rejects.toMatchObject({ code: 'path-not-allowed' });
  });

  it('lets the CLI name a path (and then looks for the answer)', async () => {
    await expect(exportSnapshot(service({ mode: 'cli' }), { answerId: '00000000-0000-4000-8000-000000000001', outPath: '/tmp/x.json' })).rejects.toMatchObject({
      code: 'no-answer',
    });
  });

  it('uses the save dialog when there is one, and a cancelled dialog writes nothing', async () => {
    const asked: string[] = [];
    const s = service({ mode: 'electron', chooseSavePath: async (name) => (asked.push(name), undefined) });
    await expect(exportSnapshot(s, { answerId: 'a1', outPath: '/tmp/x.json' })).rejects.toMatchObject({ code: 'cancelled' });
    expect(asked).toEqual(['migawka-a1.json']);
  });
});

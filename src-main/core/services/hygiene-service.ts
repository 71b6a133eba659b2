import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HygieneFileResult, HygieneFixResponse } from '../../../src-shared/hygiene';
import type { InvokePayload, HandlerRegistry } from '../dispatch';
import { isUserError } from '../errors';
import { checkRegularFile } from '../ingest/limits';
import type { ServiceContext } from './context';

/** Word hygiene: which paragraphs only look like headings, and a fixed copy of the DOCX. */
export class HygieneService {
  constructor(private readonly ctx: ServiceContext) {}

  /**
   * A hygiene report with the paragraphs the UI lists; a bad file becomes a result, not a failure.
   * It runs on the service's limited file worker: a hostile DOCX ends that worker with a Polish
   * error, never the app or the server.
   */
  async checkOne(name: string, input: string | Buffer): Promise<HygieneFileResult> {
    try {
      const { report, paragraphs } = await (await this.ctx.files()).run({ kind: 'hygiene-check', input, name, paragraphs: true });
      return { ok: true, name, report, paragraphs: paragraphs ?? [] };
    } catch (e) {
      if (!isUserError(e)) throw e;
      return { ok: false, name, error: { message: e.message, code: e.code } };
    }
  }

  /**
   * Fixes a DOCX and checks the result again. The original is never touched: Electron writes
   * where the user chose in a save dialog (an existing file is refused), browser mode gets the
   * bytes back to download.
   */
  async fix(r: InvokePayload<'hygiene:fix'>): Promise<HygieneFixResponse> {
    const file = await this.ctx.resolveFile(r.file);
    const name = path.basename(file);
    const suggestedName = `${name.replace(/\.docx$/i, '')}.poprawiony.docx`;
    const out = await this.ctx.outputPath(suggestedName, r.outPath);
    if (out === null) return { file: name, changes: [], suggestedName, cancelled: true };
    const levels = r.levels ? Object.fromEntries(Object.entries(r.levels).map(([k, v]) => [Number(k), v])) : 'auto';
    // Stat first: a FIFO or a device would block this thread's read for ever.
    await checkRegularFile(file, name);
    const input = await readFile(file);
    const result = await (await this.ctx.files()).run({ kind: 'hygiene-fix', input, options: { levels, out } });
    // The bytes crossed from the worker as a plain Uint8Array.
    const bytes = Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
    return {
      file: name,
      changes: result.changes,
      suggestedName,
      output: result.output,
      dataBase64: result.output ? undefined : bytes.toString('base64'),
      recheck: await this.checkOne(suggestedName, bytes),
    };
  }

  /** `hygiene:check`, `hygiene:fix`. */
  handlers(): HandlerRegistry {
    return {
      'hygiene:check': async ({ files }) => {
        const results: HygieneFileResult[] = [];
        for (const ref of files) {
          const file = await this.ctx.resolveFile(ref);
          results.push(await this.checkOne(path.basename(file), file));
        }
        return results;
      },
      'hygiene:fix': async (r) => this.fix(r),
    };
  }
}

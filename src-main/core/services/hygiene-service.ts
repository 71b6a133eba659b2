import fs from 'node:fs';
import path from 'node:path';
import type { HygieneFileResult, HygieneFixResponse } from '../../../src-shared/hygiene';
import type { InvokePayload, HandlerRegistry } from '../dispatch';
import { isUserError } from '../errors';
import type { ServiceContext } from './context';

/** Word hygiene: which paragraphs only look like headings, and a fixed copy of the DOCX. */
export class HygieneService {
  constructor(private readonly ctx: ServiceContext) {}

  /** A hygiene report with the paragraphs the UI lists; a bad file becomes a result, not a failure. */
  async checkOne(name: string, input: string | Buffer): Promise<HygieneFileResult> {
    const { analyzeDocx, checkDocx } = await import('../hygiene');
    try {
      const report = await checkDocx(input, { pipeline: true });
      report.file = name;
      const levels = new Map(report.realHeadings.map((h) => [h.index, h.level]));
      const { paragraphs } = await analyzeDocx(input);
      return {
        ok: true,
        name,
        report,
        paragraphs: paragraphs.map((p) => ({ index: p.index, text: p.text, headingLevel: levels.get(p.index), inTable: p.inTable })),
      };
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
    const { fixDocx } = await import('../hygiene');
    const file = await this.ctx.resolveFile(r.file);
    const name = path.basename(file);
    const suggestedName = `${name.replace(/\.docx$/i, '')}.poprawiony.docx`;
    const out = await this.ctx.outputPath(suggestedName, r.outPath);
    if (out === null) return { file: name, changes: [], suggestedName, cancelled: true };
    const levels = r.levels ? Object.fromEntries(Object.entries(r.levels).map(([k, v]) => [Number(k), v])) : 'auto';
    const result = await fixDocx(fs.readFileSync(file), { levels, out });
    return {
      file: name,
      changes: result.changes,
      suggestedName,
      output: result.output,
      dataBase64: result.output ? undefined : result.bytes.toString('base64'),
      recheck: await this.checkOne(suggestedName, result.bytes),
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

import { DEFAULT_CHUNK_CEILING_CHARS } from '../../../src-shared/constants';
import { analyzeDocx, type CheckOptions, type HygieneReport } from './check';
import type { DocxInput } from './docx-package';
import { pipelineBeforeAfter } from './pipeline-view';

// The full check sits above both the analysis (check.ts) and the fix (fix.ts): its pipeline
// view runs the fix, and the fix runs the analysis, so it cannot live in check.ts without a cycle.

export async function checkDocx(input: DocxInput, options: CheckOptions = {}): Promise<HygieneReport> {
  const { report, pkg } = await analyzeDocx(input, options);
  if (options.pipeline) {
    try {
      report.pipeline = await pipelineBeforeAfter(pkg.name, pkg.bytes, options.ceilingChars ?? DEFAULT_CHUNK_CEILING_CHARS);
    } catch (e) {
      report.pipeline = { error: (e as Error).message };
    }
  }
  return report;
}

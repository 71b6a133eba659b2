export { checkDocx } from './check-docx';
export { analyzeDocx, normalizeLevels, REASON_LABELS, VERDICT_LABELS, MAX_HEADING_CHARS } from './check';
export type { HygieneReport, HygieneReason, HygieneVerdict, HeadingIssue, RealHeading, CheckOptions } from './check';
export { fixDocx } from './fix';
export type { FixOptions, FixResult, FixChange, LevelChoice } from './fix';
export { openDocx } from './docx-package';
export type { ChunkerView } from './section-model';

/** Types of cli-entry.mjs (plain JavaScript so that bin/sciaga.js runs it without a compiler). */
export declare const MANIFEST: string;
export declare const MANIFEST_VERSION: number;
export declare function resolveCliEntry(
  root: string,
  options?: { bundleDir?: string; env?: NodeJS.ProcessEnv },
): { kind: 'bundle'; url: string } | { kind: 'source'; reason: string };
export declare function staleInput(root: string, inputs: Record<string, { size: number; mtimeMs: number }>): string | undefined;

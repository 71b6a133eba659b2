import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../errors';
import { loadDocument } from '../ingest/load';
import { readGolden } from './golden';
import type { NearMissDecision, NearMissSource } from './near-miss';

/**
 * The inputs of the near-miss generator for a log in the corpus FORMAT.md layout: every
 * decision under `<corpus>/decyzje` (loaded by the app's own loader, so both file shapes
 * work) and the golden questions of `<corpus>/golden.jsonl`.
 */
export async function loadNearMissInputs(corpusDir: string): Promise<{ decisions: NearMissDecision[]; golden: NearMissSource[] }> {
  const dir = path.join(corpusDir, 'decyzje');
  const goldenFile = path.join(corpusDir, 'golden.jsonl');
  for (const [p, what] of [
    [dir, 'folderu decyzje/'],
    [goldenFile, 'pliku golden.jsonl'],
  ] as const) {
    try {
      await access(p);
    } catch (cause) {
      throw new UserError(`W „${corpusDir}” brak ${what} (układ opisany w FORMAT.md).`, 'NEAR_MISS_NO_CORPUS', { cause });
    }
  }
  const files = (await readdir(dir)).filter((f) => /\.(md|markdown)$/i.test(f) && f !== 'README.md').sort();
  const decisions: NearMissDecision[] = [];
  for (const f of files) {
    const doc = await loadDocument(path.join(dir, f));
    if (!doc.decision) continue;
    // A decision with front matter keeps its title there ("tytul:"), not in its text: the title
    // opens the text the generator reads, as it does in a file headed "# Tytuł".
    const title = doc.decision.title;
    const text = doc.text
      .trimStart()
      .replace(/^#+\s*/u, '')
      .startsWith(title)
      ? doc.text
      : `${title}\n${doc.text}`;
    const d: NearMissDecision = { id: doc.decision.id, text };
    if (doc.decision.supersedes) d.supersedes = doc.decision.supersedes;
    decisions.push(d);
  }
  const golden = await readGolden(goldenFile);
  return { decisions, golden };
}

/**
 * The day a log's questions without their own `today` are asked on: the day after its newest
 * decision, so that every decision is in force and none is in the future.
 */
export function dayAfterNewest(decisions: readonly Pick<NearMissDecision, 'id'>[]): string {
  const newest = decisions
    .map((d) => d.id.slice(0, 10))
    .sort()
    .at(-1)!;
  return new Date(Date.parse(`${newest}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

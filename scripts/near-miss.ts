/**
 * Near misses of a decision log: answerable golden questions with the constrained entity
 * swapped for one the log proves unrelated (see src-main/core/eval/near-miss.ts).
 *
 *   npx tsx scripts/near-miss.ts ../shared/corpus2 > near-miss.jsonl
 *
 * Writes golden-format lines (kind "unanswerable", expect []) plus `source_q` and `swap` to
 * stdout, and the counts per swap type to stderr.
 */
import path from 'node:path';
import { generateNearMisses } from '../src-main/core/eval/near-miss';
import { loadNearMissInputs } from '../src-main/core/eval/near-miss-io';

async function main(): Promise<void> {
  const corpus = process.argv[2];
  if (!corpus) {
    process.stderr.write('Użycie: npx tsx scripts/near-miss.ts <folder dziennika z decyzje/ i golden.jsonl>\n');
    process.exit(2);
  }
  const { decisions, golden } = await loadNearMissInputs(path.resolve(corpus));
  const r = generateNearMisses(decisions, golden);
  for (const v of r.nearMisses) process.stdout.write(JSON.stringify(v) + '\n');
  const byType = Object.entries(r.counts)
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ');
  const byOrigin = new Map<string, number>();
  for (const v of r.nearMisses) byOrigin.set(`${v.origin}/${v.swap.type}`, (byOrigin.get(`${v.origin}/${v.swap.type}`) ?? 0) + 1);
  const rejected = Object.entries(r.rejected)
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ');
  const entityTypes = r.entities.reduce<Record<string, number>>((acc, e) => ({ ...acc, [e.type]: (acc[e.type] ?? 0) + 1 }), {});
  process.stderr.write(
    `Decyzje: ${decisions.length}, pytania: ${golden.length}, encje: ${r.entities.length} (${Object.entries(entityTypes)
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ')})\n` +
      `Bliskie pudła: ${r.nearMisses.length} (${byType})\n` +
      `Wg pochodzenia/typu: ${[...byOrigin]
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')}\n` +
      `Odrzucone kandydatury: ${rejected}\n`,
  );
}

main().catch((e: unknown) => {
  process.stderr.write(`Błąd: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});

/** Units a passage is read in: lines (breadcrumb, list items), long lines split into sentences. */
export function splitSentences(text: string, maxUnits = 40): string[] {
  const units: string[] = [];
  for (const line of text.split(/\n+/)) {
    const trimmed = line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim();
    if (!trimmed) continue;
    if (trimmed.length <= 220) {
      units.push(trimmed);
      continue;
    }
    // Sentence ends before an upper-case letter or digit; keeps "ok. 180 zł" and "1:1" intact enough.
    for (const s of trimmed.split(/(?<=[.!?…])\s+(?=[\p{Lu}\d„"])/u)) if (s.trim()) units.push(s.trim());
  }
  // e5 refuses inputs over 512 tokens; a unit is a sentence, so a cap in characters is enough.
  return units.slice(0, maxUnits).map((u) => (u.length > 1000 ? u.slice(0, 1000) : u));
}

import fs from 'node:fs';
import path from 'node:path';

/**
 * Deterministic Polish sentences from the decision log: body lines (front matter and headings
 * skipped, list markers stripped), split after . ! ? and kept when 20–400 characters long.
 * Files are read in name order, so the first `limit` sentences are the same on every machine.
 */
export function corpusSentences(decisionsDir: string, limit = 100): string[] {
  const files = fs
    .readdirSync(decisionsDir)
    .filter((f) => f.endsWith('.md'))
    .sort();
  const out: string[] = [];
  for (const f of files) {
    let text = fs.readFileSync(path.join(decisionsDir, f), 'utf8');
    text = text.replace(/^---\n[\s\S]*?\n---\n/, '');
    for (const raw of text.split('\n')) {
      const line = raw.trim().replace(/^[-*]\s+/, '');
      if (!line || line.startsWith('#')) continue;
      for (const s of line.split(/(?<=[.!?])\s+(?=[A-ZĄĆĘŁŃÓŚŹŻ0-9„])/u)) {
        const t = s.trim();
        if (t.length >= 20 && t.length <= 400) out.push(t);
        if (out.length >= limit) return out;
      }
    }
  }
  return out;
}

import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { ChunkView } from '../../src-shared/ipc';

/** Beyond this many chunks only the neighbourhood of the selected one is drawn. */
const FULL_RENDER_LIMIT = 300;
const WINDOW = 60;

/**
 * The document text with every chunk's span drawn over it: alternating tints per chunk, a
 * darker tint where chunks overlap, no tint where no chunk body covers the text (headings
 * that live only in breadcrumbs, skipped whitespace), and a numbered mark at each boundary.
 */
export function SourceView({ text, chunks, selected, onSelect }: { text: string; chunks: ChunkView[]; selected: number; onSelect: (i: number) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const { lo, hi, from, to } = useMemo(() => {
    if (chunks.length <= FULL_RENDER_LIMIT) return { lo: 0, hi: text.length, from: 0, to: chunks.length };
    const from = Math.max(0, selected - WINDOW);
    const to = Math.min(chunks.length, selected + WINDOW + 1);
    const span = chunks.slice(from, to);
    return { lo: Math.min(...span.map((c) => c.metadata.startOffset)), hi: Math.max(...span.map((c) => c.metadata.endOffset)), from, to };
  }, [chunks, selected, text.length]);

  const content = useMemo(() => {
    const visible = chunks.slice(from, to).map((c, k) => ({ i: from + k, s: Math.max(lo, c.metadata.startOffset), e: Math.min(hi, c.metadata.endOffset) }));
    const points = new Set<number>([lo, hi]);
    for (const v of visible) points.add(v.s).add(v.e);
    const sorted = [...points].filter((p) => p >= lo && p <= hi).sort((a, b) => a - b);
    const starts = new Map<number, number[]>();
    for (const v of visible) starts.set(v.s, [...(starts.get(v.s) ?? []), v.i]);
    const out: ReactNode[] = [];
    for (let k = 0; k < sorted.length - 1; k++) {
      const a = sorted[k]!;
      const b = sorted[k + 1]!;
      for (const i of starts.get(a) ?? []) {
        out.push(
          <span key={`m${i}`} className={i === selected ? 'boundary sel' : 'boundary'} data-chunk-start={i} onClick={() => onSelect(i)} title={`Początek fragmentu ${i + 1}`}>
            {i + 1}
          </span>,
        );
      }
      const covering = visible.filter((v) => v.s <= a && v.e >= b);
      const cls = covering.length === 0 ? 'seg-gap' : covering.length > 1 ? 'seg-overlap' : `seg-c${covering[0]!.i % 2}`;
      const isSel = covering.some((v) => v.i === selected);
      out.push(
        <span key={`s${a}`} className={`seg ${cls}${isSel ? ' sel' : ''}`} onClick={covering.length ? () => onSelect(covering[0]!.i) : undefined}>
          {text.slice(a, b)}
        </span>,
      );
    }
    return out;
  }, [chunks, from, to, lo, hi, text, selected, onSelect]);

  useEffect(() => {
    const el = box.current?.querySelector<HTMLElement>(`[data-chunk-start="${selected}"]`);
    if (el && box.current) box.current.scrollTop = Math.max(0, el.offsetTop - 60);
  }, [selected, content]);

  return (
    <div className="source-view" ref={box} data-testid="source-view" aria-label="Tekst źródłowy z granicami fragmentów">
      {from > 0 && <div className="muted small">… (pokazano okolice wybranego fragmentu)</div>}
      <div className="source-text">{content}</div>
      {to < chunks.length && <div className="muted small">…</div>}
    </div>
  );
}

import type { ReactNode } from 'react';
import type { Citation } from '../../src-shared/answer';

/**
 * Answer text as the user reads it, also while it streams: list lines become lists, `**bold**`
 * and money amounts are bold, and citations ("[2026-02-03-01]", "(2026-02-03-01)", "[F1]")
 * become chips — clickable once the verified answer names the fragment. No HTML is ever
 * injected: everything is built as React elements, so model output cannot add markup.
 */
const INLINE =
  /\*\*(.+?)\*\*|\[(\d{4}-\d{2}-\d{2}-\d{2}|F\d{1,2}|[^\]\n]{1,80}›[^\]\n]{1,80})\]|\((\d{4}-\d{2}-\d{2}-\d{2})\)|(\d[\d\u00a0 .,]*\d?\s?(?:zł|złotych|PLN|EUR|€|USD|gr|%)(?![\p{L}]))/gu;
const LIST_ITEM = /^\s*(?:[-*•]|(\d{1,3})[.)])\s+(.*)$/u;

function inline(text: string, citations: Citation[], onOpen?: (fragmentId: string) => void, keyBase = ''): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let i = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const key = `${keyBase}-${i++}`;
    if (m[1] !== undefined) out.push(<strong key={key}>{inline(m[1], citations, onOpen, key)}</strong>);
    else if (m[4] !== undefined) {
      out.push(
        <strong key={key} className="amount">
          {m[4]}
        </strong>,
      );
    } else {
      const label = (m[2] ?? m[3])!;
      const c = citations.find((x) => x.label === label || x.decisionId === label);
      out.push(
        c && onOpen ? (
          <button
            key={key}
            className="chip chip-inline"
            onClick={() => onOpen(c.fragmentId)}
            title={`${c.fileName} › ${c.section} — otwórz w inspektorze`}
            data-testid="inline-citation"
          >
            {label}
          </button>
        ) : (
          <span key={key} className="chip chip-inline chip-draft" data-testid="inline-citation">
            {label}
          </span>
        ),
      );
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function RichText({ text, citations = [], onOpen }: { text: string; citations?: Citation[]; onOpen?: (fragmentId: string) => void }) {
  const blocks: ReactNode[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length;) {
    const m = LIST_ITEM.exec(lines[i]!);
    if (m) {
      const ordered = m[1] !== undefined;
      const items: ReactNode[] = [];
      while (i < lines.length) {
        const x = LIST_ITEM.exec(lines[i]!);
        if (!x || (x[1] !== undefined) !== ordered) break;
        items.push(<li key={i}>{inline(x[2]!, citations, onOpen, `l${i}`)}</li>);
        i++;
      }
      blocks.push(ordered ? <ol key={`b${i}`}>{items}</ol> : <ul key={`b${i}`}>{items}</ul>);
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && !LIST_ITEM.test(lines[i]!)) para.push(lines[i++]!);
    const body = para.join('\n').replace(/^\n+|\n+$/g, '');
    if (body) blocks.push(<p key={`p${i}`}>{inline(body, citations, onOpen, `p${i}`)}</p>);
  }
  return <>{blocks}</>;
}

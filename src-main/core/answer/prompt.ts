/**
 * The context block and the prompts given to language models. The context is the only
 * thing a generator may use; its exact text goes into the audit snapshot.
 */
import { NIE_WIEM } from '../../../src-shared/constants';
import type { CompressedFragment } from './compress';
import { citationLabel } from './text';

/** One fragment's header: its citation label, date and supersession, then the breadcrumb. */
export function fragmentHeader(cf: CompressedFragment, index: number): string {
  const m = cf.fragment.metadata;
  const facts: string[] = [`cytuj: (${citationLabel(cf.fragment)})`];
  if (m.date) facts.push(`data: ${m.date}`);
  if (m.supersededBy) facts.push(`zastąpiona przez ${m.supersededBy}`);
  if (m.supersedes) facts.push(`zastępuje ${m.supersedes}`);
  return `[F${index + 1}] ${facts.join('; ')}\n${m.breadcrumb.join(' > ')}`;
}

/** The whole context: fragment headers and compressed bodies in context order. */
export function buildContext(fragments: CompressedFragment[]): string {
  return fragments.map(contextBlock).join('\n\n');
}

/** Text of one context block, as verification matches claims against it. */
export function contextBlock(cf: CompressedFragment, index: number): string {
  return `${fragmentHeader(cf, index)}\n${cf.body}`;
}

export const SYSTEM_POLICY = [
  'Jesteś asystentem, który odpowiada po polsku wyłącznie na podstawie podanych fragmentów dokumentów.',
  'Zasady:',
  '1. Używaj tylko informacji z fragmentów. Niczego nie zgaduj i nie dodawaj wiedzy spoza nich.',
  '2. Po każdym zdaniu podaj w nawiasie źródło dokładnie tak, jak w polu „cytuj” fragmentu, np. (2026-10-06-01).',
  `3. Jeśli fragmenty nie zawierają odpowiedzi, odpowiedz dokładnie: ${NIE_WIEM}`,
  '4. Jeśli fragmenty są ze sobą sprzeczne, przedstaw obie wersje i wskaż, która decyzja jest nowsza (późniejsza data).',
  '5. Odpowiedz w najwyżej 5 zdaniach.',
].join('\n');

/** The user turn of an answer request; the system turn is SYSTEM_POLICY. */
export function buildUserPrompt(input: { today: string; context: string; question: string }): string {
  return `Dzisiejsza data: ${input.today}\n\nFragmenty:\n${input.context}\n\nPytanie: ${input.question}`;
}

export function buildEntailmentPrompt(premise: string, claim: string): string {
  return (
    'Czy fragment potwierdza zdanie? Odpowiedz jednym słowem: TAK albo NIE.\n\n' +
    `Fragment:\n${premise}\n\nZdanie: ${claim}\nOdpowiedź (TAK/NIE):`
  );
}

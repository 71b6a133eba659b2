/**
 * The context block and the prompts given to language models. The context is the only
 * thing a generator may use; its exact text goes into the audit snapshot.
 */
import { NIE_WIEM } from '../../../src-shared/constants';
import type { CompressedFragment } from './compress';
import type { GenerationInput, GenerationOutput } from './generator';
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

/** The system turn of the entailment check (the same for every model behind a generator). */
export const ENTAILMENT_SYSTEM = 'Oceniasz, czy tekst potwierdza zdanie. Odpowiadasz tylko TAK albo NIE.';

export function buildEntailmentPrompt(premise: string, claim: string): string {
  return 'Czy fragment potwierdza zdanie? Odpowiedz jednym słowem: TAK albo NIE.\n\n' + `Fragment:\n${premise}\n\nZdanie: ${claim}\nOdpowiedź (TAK/NIE):`;
}

/** One completion by a model: system and user turns, a token limit, optional stop and streaming. */
export type Complete = (system: string, user: string, maxTokens: number, signal?: AbortSignal, onToken?: (delta: string) => void) => Promise<string>;

/** An answer from a model: the policy as the system turn, fragments and question as the user turn. */
export async function generateWithModel(complete: Complete, input: GenerationInput, maxTokens: number, modelId: string, signal?: AbortSignal): Promise<GenerationOutput> {
  const user = buildUserPrompt(input);
  const text = await complete(SYSTEM_POLICY, user, maxTokens, signal, input.onToken);
  return { text, prompt: `${SYSTEM_POLICY}\n\n${user}`, modelId };
}

/** Does the premise support the claim, by the model's TAK/NIE (a few tokens are enough for one word). */
export async function judgeEntailment(complete: Complete, premise: string, claim: string): Promise<{ entailed: boolean; raw: string }> {
  const raw = await complete(ENTAILMENT_SYSTEM, buildEntailmentPrompt(premise, claim), 4);
  return { entailed: /^\s*tak\b/iu.test(raw), raw };
}

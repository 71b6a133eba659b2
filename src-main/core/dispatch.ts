import { invokeSchemas, type ApiError, type InvokeChannel, type InvokeResponses } from '../../src-shared/ipc';
import { z } from 'zod';
import { isUserError } from './errors';

// Validation messages reach the user: zod speaks Polish here.
z.config(z.locales.pl());

export type Handlers = { [C in InvokeChannel]: (request: unknown) => Promise<InvokeResponses[C]> };

export type DispatchResult<C extends InvokeChannel> = { ok: true; value: InvokeResponses[C] } | ({ ok: false } & ApiError);

/**
 * The single entry point for requests from an untrusted UI (Electron renderer or a page in
 * browser mode): unknown channels are refused, every payload is validated with the channel's
 * zod schema, and errors come back as plain data with a Polish message.
 */
export async function dispatch(handlers: Partial<Handlers>, channel: string, payload: unknown): Promise<DispatchResult<InvokeChannel>> {
  if (!Object.hasOwn(invokeSchemas, channel)) {
    return { ok: false, error: { message: `Nieznane polecenie: ${channel.slice(0, 60)}`, code: 'unknown-channel' } };
  }
  const c = channel as InvokeChannel;
  const parsed = invokeSchemas[c].safeParse(payload ?? undefined);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return {
      ok: false,
      error: { message: `Nieprawidłowe dane żądania (${first?.path.join('.') || 'całość'}): ${first?.message ?? ''}`, code: 'invalid-request' },
    };
  }
  const handler = handlers[c];
  if (!handler) {
    return { ok: false, error: { message: 'Ta funkcja nie jest dostępna w tym trybie.', code: 'unavailable' } };
  }
  try {
    return { ok: true, value: await handler(parsed.data) };
  } catch (e) {
    if (isUserError(e)) return { ok: false, error: { message: e.message, code: e.code } };
    console.error(`[${c}]`, e);
    return { ok: false, error: { message: `Wewnętrzny błąd: ${withoutPaths((e as Error)?.message ?? String(e))}`, code: 'internal' } };
  }
}

/** Internal errors (Node's ENOENT/EISDIR…) name absolute paths; the page is told the file name only. */
export function withoutPaths(message: string): string {
  return message.replace(/(?:[A-Za-z]:)?(?:[\\/][^\s\\/'",:]+)+[\\/]([^\s\\/'",:]+)/g, '$1');
}

import { invokeSchemas, type ApiError, type InvokeChannel, type InvokeResponses } from '../../src-shared/ipc';
import { z } from 'zod';
import { isUserError } from './errors';
import { withUploadCleanup } from './uploads';

// Validation messages reach the user: zod speaks Polish here.
z.config(z.locales.pl());

/** What a handler of channel C receives: the channel's zod schema's output (defaults applied, strings trimmed). */
export type InvokePayloads = { [C in InvokeChannel]: z.output<(typeof invokeSchemas)[C]> };
export type InvokePayload<C extends InvokeChannel> = InvokePayloads[C];
export type Handler<C extends InvokeChannel> = (payload: InvokePayload<C>) => Promise<InvokeResponses[C]>;
export type Handlers = { [C in InvokeChannel]: Handler<C> };
/**
 * The handler registry: one handler per channel, each typed from its schema. A shell or a mode
 * may leave a channel out (e.g. native dialogs outside Electron); `dispatch` then says so.
 */
export type HandlerRegistry = Partial<Handlers>;

// The same object as `invokeSchemas`, seen per channel: indexing it with a channel type parameter
// keeps the link between the schema and the handler's payload (TypeScript checks each key here).
const schemas: { [C in InvokeChannel]: z.ZodType<InvokePayload<C>> } = invokeSchemas;

export type DispatchResult<C extends InvokeChannel> = { ok: true; value: InvokeResponses[C] } | ({ ok: false } & ApiError);

export function isInvokeChannel(channel: string): channel is InvokeChannel {
  return Object.hasOwn(invokeSchemas, channel);
}

/**
 * The single entry point for requests from an untrusted UI (Electron renderer or a page in
 * browser mode): unknown channels are refused, every payload is validated with the channel's
 * zod schema before any handler runs, and errors come back as plain data with a Polish message.
 */
export async function dispatch(handlers: HandlerRegistry, channel: string, payload: unknown): Promise<DispatchResult<InvokeChannel>> {
  if (!isInvokeChannel(channel)) {
    return { ok: false, error: { message: `Nieznane polecenie: ${channel.slice(0, 60)}`, code: 'unknown-channel' } };
  }
  return dispatchValid(handlers, channel, payload);
}

async function dispatchValid<C extends InvokeChannel>(handlers: HandlerRegistry, channel: C, payload: unknown): Promise<DispatchResult<C>> {
  const parsed = schemas[channel].safeParse(payload ?? undefined);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return {
      ok: false,
      error: { message: `Nieprawidłowe dane żądania (${first?.path.join('.') || 'całość'}): ${first?.message ?? ''}`, code: 'invalid-request' },
    };
  }
  const handler = handlers[channel];
  if (!handler) {
    return { ok: false, error: { message: 'Ta funkcja nie jest dostępna w tym trybie.', code: 'unavailable' } };
  }
  try {
    return { ok: true, value: await handler(parsed.data) };
  } catch (e) {
    if (isUserError(e)) return { ok: false, error: { message: e.message, code: e.code } };
    console.error(`[${channel}]`, e);
    return { ok: false, error: { message: `Wewnętrzny błąd: ${withoutPaths((e as Error)?.message ?? String(e))}`, code: 'internal' } };
  }
}

/**
 * The Electron shell's IPC entry: only the app's own page (a file:// page, or the dev server in
 * development) may call, the channel must be a string, and the request then goes through
 * {@link dispatch}; files the request uploaded are removed when it ends.
 */
export async function dispatchFromRenderer(
  handlers: HandlerRegistry,
  sender: { frameUrl: string; devServerUrl?: string },
  channel: unknown,
  payload: unknown,
): Promise<DispatchResult<InvokeChannel>> {
  const url = sender.frameUrl;
  const ownPage = url.startsWith('file://') || (!!sender.devServerUrl && url.startsWith(sender.devServerUrl));
  if (!ownPage || typeof channel !== 'string') {
    return { ok: false, error: { message: 'Odrzucono żądanie z nieznanej strony.', code: 'forbidden' } };
  }
  return withUploadCleanup(() => dispatch(handlers, channel, payload));
}

/** Internal errors (Node's ENOENT/EISDIR…) name absolute paths; the page is told the file name only. */
export function withoutPaths(message: string): string {
  return message.replace(/(?:[A-Za-z]:)?(?:[\\/][^\s\\/'",:]+)+[\\/]([^\s\\/'",:]+)/g, '$1');
}

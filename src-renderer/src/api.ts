import type { EventChannel, EventMap, InvokeChannel, InvokeRequest, InvokeResponses, SciagaApi } from '../../src-shared/ipc';

declare global {
  interface Window {
    api?: SciagaApi;
  }
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** Browser mode: the same contract over HTTP to 127.0.0.1, authorised by the token in the page. */
function httpApi(): SciagaApi {
  const token = document.querySelector<HTMLMetaElement>('meta[name="sciaga-token"]')?.content ?? '';
  let source: EventSource | undefined;
  return {
    mode: 'web',
    async invoke<C extends InvokeChannel>(channel: C, request?: InvokeRequest<C>): Promise<InvokeResponses[C]> {
      const res = await fetch(`/api/invoke/${channel}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Sciaga-Token': token },
        body: request === undefined ? '' : JSON.stringify(request),
      });
      const body = (await res.json().catch(() => ({ ok: false, error: { message: `Błąd HTTP ${res.status}`, code: 'http' } }))) as
        { ok: true; value: InvokeResponses[C] } | { ok: false; error: { message: string; code: string } };
      if (body.ok) return body.value;
      throw new ApiError(body.error.message, body.error.code);
    },
    on<E extends EventChannel>(event: E, listener: (payload: EventMap[E]) => void): () => void {
      source ??= new EventSource(`/api/events?token=${encodeURIComponent(token)}`);
      const handler = (e: MessageEvent) => listener(JSON.parse(e.data) as EventMap[E]);
      source.addEventListener(event, handler as EventListener);
      return () => source?.removeEventListener(event, handler as EventListener);
    },
  };
}

export const api: SciagaApi = window.api ?? httpApi();

export async function call<C extends InvokeChannel>(channel: C, request?: InvokeRequest<C>): Promise<InvokeResponses[C]> {
  try {
    return await api.invoke(channel, request);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const err = e as Error & { code?: string };
    throw new ApiError(err.message, err.code ?? 'error');
  }
}

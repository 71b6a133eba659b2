/**
 * An Ollama or OpenAI-compatible chat endpoint. Local by default: the user's documents
 * leave the machine only if they explicitly allow a remote host in settings.
 */
import { UserError } from '../errors';
import { GenerationAbortedError, type GenerationInput, type GenerationOutput, type Generator } from './generator';
import { generateWithModel, judgeEntailment } from './prompt';

export interface EndpointGeneratorOptions {
  /** e.g. http://127.0.0.1:11434 (Ollama) or http://localhost:8080/v1 (OpenAI-compatible). */
  url: string;
  model: string;
  /** @default 'openai' when the URL path ends in /v1, else 'ollama' */
  api?: 'ollama' | 'openai';
  /** A non-local host is refused unless this is set (a setting the user changes knowingly). @default false */
  allowRemote?: boolean;
  apiKey?: string;
  /** @default 60000 */
  timeoutMs?: number;
  /** @default 256 */
  maxTokens?: number;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** Whether the URL names this machine (loopback), so nothing sent there leaves it. */
export function isLocalEndpoint(u: URL): boolean {
  const host = u.hostname.toLowerCase();
  return LOCAL_HOSTS.has(host) || /^127\./.test(host);
}

/** Throws a Polish UserError for a host that is not this machine (unless allowed). */
export function checkEndpointUrl(url: string, allowRemote = false): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new UserError(`Niepoprawny adres punktu końcowego modelu: ${url}`, 'endpoint-url');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new UserError(`Adres modelu musi zaczynać się od http:// lub https:// (${url}).`, 'endpoint-url');
  if (!isLocalEndpoint(u) && !allowRemote) {
    throw new UserError(`Odmowa: ${u.host} nie jest tym komputerem. Dokumenty nie opuszczają komputera, chyba że zezwolisz na zdalny serwer w Ustawieniach.`, 'endpoint-remote');
  }
  return u;
}

export class EndpointGenerator implements Generator {
  readonly kind = 'endpoint' as const;
  readonly modelId: string;
  private readonly base: URL;
  private readonly api: 'ollama' | 'openai';

  constructor(private readonly options: EndpointGeneratorOptions) {
    this.base = checkEndpointUrl(options.url, options.allowRemote);
    this.api = options.api ?? (/\/v1\/?$/.test(this.base.pathname) ? 'openai' : 'ollama');
    this.modelId = `${this.api}:${options.model}@${this.base.host}`;
  }

  private async chat(system: string, user: string, maxTokens: number, signal?: AbortSignal, onToken?: (delta: string) => void): Promise<string> {
    const messages = [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ];
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 60_000);
    const s = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const root = this.base.href.replace(/\/$/, '');
    const stream = !!onToken;
    const [url, body] =
      this.api === 'openai'
        ? [`${root}/chat/completions`, { model: this.options.model, messages, temperature: 0, max_tokens: maxTokens, stream }]
        : [`${root}/api/chat`, { model: this.options.model, messages, stream, options: { temperature: 0, num_predict: maxTokens } }];
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}) },
        body: JSON.stringify(body),
        signal: s,
      });
    } catch (e) {
      if (signal?.aborted) throw new GenerationAbortedError({ cause: e });
      throw new UserError(`Nie można połączyć się z modelem pod adresem ${this.base.host}: ${(e as Error).message}`, 'endpoint-unreachable', { cause: e });
    }
    if (!res.ok) throw new UserError(`Model pod adresem ${this.base.host} zwrócił błąd ${res.status}: ${(await res.text()).slice(0, 200)}`, 'endpoint-error');
    if (!stream || !res.body) {
      const json = (await res.json()) as { choices?: { message?: { content?: string } }[]; message?: { content?: string } };
      return (this.api === 'openai' ? json.choices?.[0]?.message?.content : json.message?.content) ?? '';
    }
    // Streaming: OpenAI sends server-sent events (`data: {…}` … `data: [DONE]`), Ollama one JSON
    // object per line. Aborting the signal aborts the fetch body, which ends the loop below.
    let text = '';
    try {
      for await (const line of readLines(res.body)) {
        const payload = this.api === 'openai' ? /^data:\s*(.*)$/.exec(line)?.[1] : line.trim();
        if (!payload || payload === '[DONE]') continue;
        let chunk: { choices?: { delta?: { content?: string } }[]; message?: { content?: string }; error?: unknown };
        try {
          chunk = JSON.parse(payload) as typeof chunk;
        } catch {
          continue;
        }
        if (chunk.error) throw new UserError(`Model pod adresem ${this.base.host} zgłosił błąd: ${JSON.stringify(chunk.error).slice(0, 200)}`, 'endpoint-error');
        const delta = (this.api === 'openai' ? chunk.choices?.[0]?.delta?.content : chunk.message?.content) ?? '';
        if (!delta) continue;
        text += delta;
        onToken(delta);
      }
    } catch (e) {
      if (signal?.aborted) throw new GenerationAbortedError({ cause: e });
      throw e;
    }
    return text;
  }

  /** One completion at temperature 0 (also what context rescue calls). */
  async complete(system: string, user: string, options: { maxTokens: number; signal?: AbortSignal }): Promise<string> {
    return this.chat(system, user, options.maxTokens, options.signal);
  }

  generate(input: GenerationInput, signal?: AbortSignal): Promise<GenerationOutput> {
    return generateWithModel(this.chat.bind(this), input, this.options.maxTokens ?? 256, this.modelId, signal);
  }

  entails(premise: string, claim: string): Promise<{ entailed: boolean; raw: string }> {
    return judgeEntailment(this.chat.bind(this), premise, claim);
  }
}

/** Lines of a UTF-8 byte stream (a multi-byte character may be split across chunks). */
async function* readLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      yield buffer.slice(0, nl).replace(/\r$/, '');
      buffer = buffer.slice(nl + 1);
    }
  }
  buffer += decoder.decode();
  if (buffer) yield buffer;
}

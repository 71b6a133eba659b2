/**
 * The endpoint generator against a real local chat server: a minimal OpenAI/Ollama-compatible
 * HTTP server on 127.0.0.1 whose answers come from the real tiny Gemma GGUF (node-llama-cpp,
 * greedy). No Ollama can be installed here, so the server is ours, but the model behind it is
 * real and the generator speaks to it over HTTP exactly as it would to Ollama or llama.cpp.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EndpointGenerator } from '../../src-main/core/answer/endpoint';
import { LlamaGenerator } from '../../src-main/core/answer/llama';
import type { GenerationInput } from '../../src-main/core/answer/generator';
import { ENTAILMENT_SYSTEM, buildEntailmentPrompt } from '../../src-main/core/answer/prompt';

const GGUF = process.env.SCIAGA_TEST_GGUF ?? path.join(os.homedir(), '.cache/sciaga/models/gguf/gemma-3-270m-q4_k_m.gguf');

/** A 270M model on a shared 2-core machine can take over a minute for the prompt alone. */
const SLOW_MACHINE_MS = 280_000;

interface Received {
  path: string;
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: string }[];
    temperature?: number;
    max_tokens?: number;
    options?: { temperature?: number; num_predict?: number };
  };
  reply: string;
}

const input: GenerationInput = {
  question: 'Jakim narzędziem zarządzam zadaniami?',
  today: '2026-11-29',
  fragments: [],
  context: '[F1] Decyzja 2026-10-06-01 z 2026-10-06: Asana zamiast Nozbe > DECYZJA\nOd 1 listopada zadania prowadzę w Asanie.',
};

describe('endpoint generator against a real local model server', () => {
  let server: http.Server;
  let base = '';
  const received: Received[] = [];
  let failNext = false;
  let dispose: () => Promise<void> = async () => {};

  beforeAll(async () => {
    expect(fs.existsSync(GGUF), `brak modelu GGUF ${GGUF}: bash scripts/setup-python.sh`).toBe(true);
    const mod = await import('node-llama-cpp');
    const llama = await mod.getLlama({ gpu: false, build: 'never', progressLogs: false, logLevel: mod.LlamaLogLevel.error });
    const model = await llama.loadModel({ modelPath: GGUF });
    const context = await model.createContext({ contextSize: 4096, threads: 2, sequences: 1 });
    let slot: Promise<void> = Promise.resolve();
    // A disposed sequence is given back to the context a moment later.
    const freeSequence = async () => {
      for (let i = 0; ; i++) {
        try {
          return context.getSequence();
        } catch (e) {
          if (i >= 100) throw e;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };
    dispose = async () => {
      await context.dispose();
      await model.dispose();
      await llama.dispose();
    };
    server = http.createServer(async (req, res) => {
      let raw = '';
      for await (const c of req) raw += c;
      if (failNext) {
        failNext = false;
        res.writeHead(500).end('model przeciążony');
        return;
      }
      const body = JSON.parse(raw) as Received['body'];
      const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
      const user = body.messages
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .join('\n');
      const openai = req.url?.endsWith('/chat/completions') ?? false;
      const stream = body.stream === true;
      // Streaming as Ollama and llama.cpp do: server-sent events (OpenAI) or JSON lines (Ollama),
      // one piece per text chunk of the real model; a client that hangs up stops the model.
      const hangUp = new AbortController();
      res.on('close', () => hangUp.abort());
      if (stream) res.writeHead(200, { 'content-type': openai ? 'text/event-stream' : 'application/x-ndjson' });
      // One slot, as a llama.cpp server with one sequence: requests wait their turn instead of
      // failing with "No sequences left" when one arrives while the last is being released.
      const previous = slot;
      let release!: () => void;
      slot = new Promise<void>((r) => (release = r));
      await previous;
      const sequence = await freeSequence();
      let reply = '';
      try {
        const session = new mod.LlamaChatSession({ contextSequence: sequence, systemPrompt: system });
        reply = await session.prompt(user, {
          temperature: body.temperature ?? body.options?.temperature ?? 0,
          maxTokens: body.max_tokens ?? body.options?.num_predict ?? 64,
          signal: hangUp.signal,
          ...(stream
            ? {
                onTextChunk: (t: string) =>
                  res.write(
                    openai
                      ? `data: ${JSON.stringify({ choices: [{ delta: { content: t } }] })}\n\n`
                      : `${JSON.stringify({ message: { role: 'assistant', content: t }, done: false })}\n`,
                  ),
              }
            : {}),
        });
      } catch {
        // The client hung up.
      } finally {
        sequence.dispose();
        release();
      }
      received.push({ path: req.url ?? '', body, reply });
      if (stream) {
        res.end(openai ? 'data: [DONE]\n\n' : `${JSON.stringify({ message: { role: 'assistant', content: '' }, done: true })}\n`);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(openai ? { choices: [{ message: { role: 'assistant', content: reply } }] } : { message: { role: 'assistant', content: reply }, done: true }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await dispose();
  });

  it('OpenAI-compatible API: sends the policy and the fragments at temperature 0 and returns the model text', async () => {
    const g = new EndpointGenerator({ url: `${base}/v1`, model: 'gemma3:270m', maxTokens: 48, timeoutMs: SLOW_MACHINE_MS });
    const out = await g.generate(input);
    const last = received.at(-1)!;
    expect(last.path).toBe('/v1/chat/completions');
    expect(last.body.temperature).toBe(0);
    expect(last.body.max_tokens).toBe(48);
    expect(last.body.messages[0]).toMatchObject({ role: 'system' });
    expect(last.body.messages[0]!.content).toContain('Nie wiem: w bazie decyzji nie ma odpowiedzi na to pytanie.');
    expect(last.body.messages[1]!.content).toContain('Asana zamiast Nozbe');
    expect(last.reply.length).toBeGreaterThan(0);
    expect(out.text).toBe(last.reply);
    expect(out.modelId).toBe(`openai:gemma3:270m@${new URL(base).host}`);
    expect(out.prompt).toContain('Pytanie: Jakim narzędziem zarządzam zadaniami?');
  });

  it('Ollama API: the same exchange over /api/chat, and the same greedy text as the model in process', async () => {
    const g = new EndpointGenerator({ url: base, model: 'gemma3:270m', maxTokens: 48, timeoutMs: SLOW_MACHINE_MS });
    const out = await g.generate(input);
    expect(received.at(-1)!.path).toBe('/api/chat');
    expect(received.at(-1)!.body.options).toEqual({ temperature: 0, num_predict: 48 });
    const local = new LlamaGenerator({ modelPath: GGUF, maxTokens: 48 });
    try {
      expect((await local.generate(input)).text).toBe(out.text);
    } finally {
      await local.dispose();
    }
  });

  it('entailment: the same system and user prompt over HTTP as in process, and the same verdict', async () => {
    const premise = 'Od 1 listopada zadania prowadzę w Asanie.';
    const claim = 'Zadania prowadzę w Asanie.';
    const g = new EndpointGenerator({ url: `${base}/v1`, model: 'gemma3:270m', timeoutMs: SLOW_MACHINE_MS });
    const remote = await g.entails(premise, claim);
    const sent = received.at(-1)!.body;
    expect(sent.messages[0]).toEqual({ role: 'system', content: ENTAILMENT_SYSTEM });
    expect(sent.messages[1]).toEqual({ role: 'user', content: buildEntailmentPrompt(premise, claim) });
    expect(sent.max_tokens).toBe(4);
    const local = new LlamaGenerator({ modelPath: GGUF });
    try {
      expect(await local.entails(premise, claim)).toEqual(remote);
    } finally {
      await local.dispose();
    }
  });

  it('a failing or absent server is a clear Polish error, and a remote host is refused before any request', async () => {
    failNext = true;
    await expect(new EndpointGenerator({ url: `${base}/v1`, model: 'm' }).generate(input)).rejects.toThrow(/zwrócił błąd 500/);
    await expect(new EndpointGenerator({ url: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 3000 }).generate(input)).rejects.toThrow(/Nie można połączyć się z modelem/);
    const before = received.length;
    expect(() => new EndpointGenerator({ url: 'https://api.example.com/v1', model: 'm' })).toThrow(/nie jest tym komputerem/);
    expect(received.length).toBe(before);
  });

  it.each(['openai', 'ollama'] as const)('%s API streams the model text in pieces that add up to the whole answer', async (api) => {
    const g = new EndpointGenerator({ url: api === 'openai' ? `${base}/v1` : base, model: 'gemma3:270m', maxTokens: 32, timeoutMs: SLOW_MACHINE_MS });
    const whole = await g.generate(input);
    const pieces: string[] = [];
    const streamed = await g.generate({ ...input, onToken: (d) => pieces.push(d) });
    expect(received.at(-1)!.body.stream).toBe(true);
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(streamed.text);
    expect(streamed.text).toBe(whole.text);
  });

  it('stopping a streamed answer rejects at once with "przerwano" and the server stops the model', async () => {
    const g = new EndpointGenerator({ url: `${base}/v1`, model: 'gemma3:270m', maxTokens: 200, timeoutMs: SLOW_MACHINE_MS });
    const stop = new AbortController();
    let stoppedAt = 0;
    const err = await g
      .generate(
        {
          ...input,
          onToken: () => {
            if (!stoppedAt) {
              stoppedAt = performance.now();
              stop.abort();
            }
          },
        },
        stop.signal,
      )
      .catch((e: unknown) => e);
    expect(performance.now() - stoppedAt).toBeLessThan(300);
    expect(err).toMatchObject({ code: 'cancelled', message: 'Przerwano generowanie odpowiedzi.' });
    // The server saw the hang-up, stopped its model and recorded the request.
    await expect.poll(() => received.at(-1)?.body.max_tokens === 200, { timeout: 120_000 }).toBe(true);
  });
});

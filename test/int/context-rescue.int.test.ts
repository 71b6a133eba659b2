/**
 * Context rescue with real models: the tiny Gemma GGUF through node-llama-cpp, and the endpoint
 * generator speaking OpenAI-style HTTP to a local server whose answers come from the same real
 * Gemma. The quality of a 270M model is not the point; the mechanics are: the fuse caps the
 * calls, a `NIEUSTALONE` (or refused) answer leaves the chunk as it was, and answers land on
 * their own chunk by ID even when the server answers the batch out of order.
 *
 * The calls are few on purpose (each takes minutes on a busy shared CPU); the rules are covered
 * exhaustively in test/unit/context-rescue.test.ts.
 */
import fs from 'node:fs';
import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Document, Packer, Paragraph } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chunk, LoadedDocument } from '../../src-shared/types';
import { EndpointGenerator } from '../../src-main/core/answer/endpoint';
import { LlamaGenerator } from '../../src-main/core/answer/llama';
import { isUnattributed } from '../../src-main/core/chunking/attribution';
import { completerBatcher, readPlacement, rescueContext, type TextCompleter } from '../../src-main/core/chunking/context-rescue';
import { chunkStructural } from '../../src-main/core/chunking/structural';
import { loadDocument } from '../../src-main/core/ingest/load';

const GGUF = process.env.SCIAGA_TEST_GGUF ?? path.join(os.homedir(), '.cache/sciaga/models/gguf/gemma-3-270m-q4_k_m.gguf');
const PARAGRAPHS = [
  'Notatki ze spotkania zespołu sprzedaży w marcu.',
  'Klient Nowak zamówił 40 licencji na kwiecień, faktura do końca miesiąca.',
  'Ustalono, że rabat dla szkół wynosi 15 procent do końca roku.',
  'Pani Zielińska przejmuje obsługę klientów z Gdańska od maja.',
];

let tmp: string;
let doc: LoadedDocument;
let chunks: Chunk[];
let gemma: LlamaGenerator;

/** Records what the real model answered to which fragment, to check the pairing afterwards. */
class Recording implements TextCompleter {
  readonly replies = new Map<string, string>();
  constructor(private readonly inner: TextCompleter) {}
  get modelId(): string {
    return this.inner.modelId;
  }
  async complete(system: string, user: string, options: { maxTokens: number; signal?: AbortSignal }): Promise<string> {
    const reply = await this.inner.complete(system, user, options);
    this.replies.set(/Fragment:\n"""([\s\S]*?)"""/.exec(user)![1]!, reply);
    return reply;
  }
}

/** Every answered chunk carries exactly what the model said about its own fragment. */
function expectPairedById(before: Chunk[], after: Chunk[], replies: Map<string, string>): void {
  for (const [i, c] of after.entries()) {
    const raw = replies.get(before[i]!.body.trim());
    if (raw === undefined) {
      expect(c).toEqual(before[i]);
      continue;
    }
    const placement = readPlacement(raw, { before: doc.text.slice(Math.max(0, c.metadata.startOffset - 300), c.metadata.startOffset), fragment: c.body });
    if (placement.kind === 'sentence') expect(c.metadata.context).toBe(placement.sentence);
    // NIEUSTALONE or an invented sentence: the chunk is exactly as it was.
    else expect(c).toEqual(before[i]);
  }
}

beforeAll(async () => {
  expect(fs.existsSync(GGUF), `brak modelu GGUF ${GGUF}: bash scripts/setup-python.sh`).toBe(true);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sciaga-rescue-'));
  const file = path.join(tmp, 'notatki-sprzedaz.docx');
  await writeFile(file, await Packer.toBuffer(new Document({ sections: [{ children: PARAGRAPHS.map((text) => new Paragraph({ text })) }] })));
  doc = await loadDocument(file);
  // One paragraph per chunk, so the document has four chunks without any heading.
  chunks = chunkStructural(doc, { ceilingChars: 100, overlapParagraphs: 0 });
  expect(chunks).toHaveLength(4);
  expect(chunks.every((c) => isUnattributed(doc, c))).toBe(true);
  gemma = new LlamaGenerator({ modelPath: GGUF, contextSize: 1024, maxTokens: 24 });
});
afterAll(async () => {
  await gemma?.dispose();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('context rescue with the real Gemma GGUF', () => {
  it('makes at most maxCalls calls, warns above the fuse, and pairs answers by chunk ID', async () => {
    const model = new Recording(gemma);
    const r = await rescueContext(doc, chunks, completerBatcher(model, { maxTokens: 24 }), gemma.modelId, { maxCalls: 2, beforeChars: 300 });
    expect(model.replies.size).toBe(2);
    expect(r.stats).toMatchObject({ calls: 2, candidates: 4, overFuse: 2, modelId: 'gguf:gemma-3-270m-q4_k_m.gguf' });
    expect(r.stats.rescued + r.stats.unresolved + r.stats.rejected).toBe(2);
    expect(r.warning).toMatch(/^Plik „notatki-sprzedaz\.docx” nie ma nagłówków: kontekst dopisano tylko do 2 z 4 fragmentów \(limit 2 wywołań modelu na dokument\)/);
    expect(r.chunks.slice(2)).toEqual(chunks.slice(2));
    expectPairedById(chunks, r.chunks, model.replies);
  }, 1_500_000);
});

describe('context rescue through the endpoint generator and a local server', () => {
  let server: http.Server;
  let base = '';
  const sent: string[] = [];

  beforeAll(async () => {
    let pendingFirst: (() => void) | undefined;
    let requests = 0;
    server = http.createServer(async (req, res) => {
      let raw = '';
      for await (const c of req) raw += c;
      const body = JSON.parse(raw) as { messages: { role: string; content: string }[]; temperature: number; max_tokens: number };
      expect(body.temperature).toBe(0);
      const system = body.messages.find((m) => m.role === 'system')!.content;
      const user = body.messages.find((m) => m.role === 'user')!.content;
      const index = requests++;
      const reply = await gemma.complete(system, user, { maxTokens: body.max_tokens });
      const fragment = /Fragment:\n"""([\s\S]*?)"""/.exec(user)![1]!;
      const send = () => {
        sent.push(fragment);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: reply } }] }));
      };
      // The first request of each batch is answered only after the second: out of order.
      if (index % 2 === 0) pendingFirst = send;
      else {
        send();
        pendingFirst?.();
        pendingFirst = undefined;
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it('a batch answered out of order still lands on the right chunks', async () => {
    const endpoint = new EndpointGenerator({ url: base, model: 'gemma-3-270m', timeoutMs: 900_000 });
    const model = new Recording(endpoint);
    const r = await rescueContext(doc, chunks, completerBatcher(model, { concurrency: 2, maxTokens: 24 }), endpoint.modelId, { maxCalls: 2, batchSize: 2, beforeChars: 300 });
    expect(r.stats.calls).toBe(2);
    // The server really answered the second fragment first.
    expect(sent).toEqual([chunks[1]!.body.trim(), chunks[0]!.body.trim()]);
    expectPairedById(chunks, r.chunks, model.replies);
    expect(r.chunks.slice(2)).toEqual(chunks.slice(2));
  }, 1_500_000);
});

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/*
 * A local OpenAI-compatible server for the LLM quiz tests: POST /v1/chat/completions answers
 * with the next recorded reply of a scenario, in the chat.completion shape the openai SDK reads.
 * It can hold a reply back (a slow model), refuse json_schema like a server without structured
 * outputs, and keeps every request so tests can check what Mnemo sent.
 */

/** One recorded reply: the model's JSON (json), raw text (text), or an HTTP error. */
export interface PeerReply {
  json?: unknown;
  text?: string;
  /** Answer with this status and an OpenAI-style error body instead of a completion. */
  status?: number;
  error?: string;
  /** Wait this long before answering. */
  delayMs?: number;
  finishReason?: 'stop' | 'length';
}

export interface ChatRequestBody {
  model: string;
  messages: Array<{ role: 'system' | 'user' | 'assistant'; content: string }>;
  response_format?: {
    type: string;
    json_schema?: { name: string; strict?: boolean; schema: unknown };
  };
}

export interface RecordedRequest {
  body: ChatRequestBody;
  /** The client went away before the reply was sent (timeout or cancellation). */
  aborted: boolean;
  /** The reply this request was given, when it was given one. */
  reply?: PeerReply;
}

export interface PeerOptions {
  /** Answer 400 to response_format json_schema, as servers without structured outputs do. */
  rejectJsonSchema?: boolean;
}

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/llm');

/** The replies recorded for a scenario (tests/fixtures/llm/<name>.json). */
export function loadReplies(name: string): PeerReply[] {
  const file = JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as {
    replies: PeerReply[];
  };
  return file.replies;
}

function completion(model: string, reply: PeerReply) {
  const content = reply.text ?? JSON.stringify(reply.json);
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2, 12)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        logprobs: null,
        finish_reason: reply.finishReason ?? 'stop',
      },
    ],
    usage: {
      prompt_tokens: 1200,
      completion_tokens: Math.ceil(content.length / 3),
      total_tokens: 1200 + Math.ceil(content.length / 3),
    },
  };
}

function sendError(res: http.ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({ error: { message, type: 'invalid_request_error', param: null, code: null } }),
  );
}

/** Starts the server on 127.0.0.1 with `replies` queued; close() it after the test. */
export async function startOpenAiPeer(replies: PeerReply[] = [], options: PeerOptions = {}) {
  const queue = [...replies];
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      return sendError(res, 404, `No route ${req.method} ${req.url}`);
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequestBody;
      const record: RecordedRequest = { body, aborted: false };
      requests.push(record);
      res.on('close', () => {
        if (!res.writableFinished) record.aborted = true;
      });
      if (options.rejectJsonSchema && body.response_format?.type === 'json_schema') {
        return sendError(
          res,
          400,
          "Invalid value for 'response_format.type': 'json_schema' is not supported; use 'json_object' or 'text'.",
        );
      }
      const reply = queue.shift();
      if (!reply) return sendError(res, 500, 'The test peer has no reply left for this request.');
      record.reply = reply;
      const answer = () => {
        if (res.destroyed) return;
        if (reply.status) return sendError(res, reply.status, reply.error ?? 'error');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(completion(body.model, reply)));
      };
      if (!reply.delayMs) return answer();
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, reply.delayMs);
      timers.add(timer);
      res.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Queues more replies. */
    push(...more: PeerReply[]) {
      queue.push(...more);
    },
    /** Replies not used yet. */
    get pending() {
      return queue.length;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type OpenAiPeer = Awaited<ReturnType<typeof startOpenAiPeer>>;

/** The last user message of a request: what Mnemo asked in that turn. */
export function lastUserMessage(request: RecordedRequest): string {
  return [...request.body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
}

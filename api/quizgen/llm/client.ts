import OpenAI from 'openai';
import type { LlmConfig } from '../../env.js';
import { cancelled, LlmFailure } from './errors.js';
import { replyJsonSchema } from './schema.js';

export type ReplyMode = 'json_schema' | 'json_object';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface ChatReply {
  content: string;
  /** 'length' means the reply was cut off. */
  finishReason: string | null;
}

/** One model behind an OpenAI-compatible API, asked for JSON replies. */
export interface LlmClient {
  /** json_schema until the server has refused it once; json_object from then on. */
  readonly mode: ReplyMode;
  complete(
    system: (mode: ReplyMode) => string,
    turns: ChatTurn[],
    signal?: AbortSignal,
  ): Promise<ChatReply>;
}

export interface LlmClientOptions {
  /** Retries of connection errors, 408/409/429 and 5xx inside the SDK (with backoff). */
  maxRetries?: number;
  fetch?: typeof fetch;
}

/** A 400 about response_format: the server does not do structured outputs. */
function refusesJsonSchema(err: unknown): boolean {
  return (
    err instanceof OpenAI.APIError &&
    (err.status === 400 || err.status === 422) &&
    /response_format|json_schema|schema|structured/i.test(err.message)
  );
}

function failureOf(err: unknown): LlmFailure {
  if (err instanceof OpenAI.APIConnectionTimeoutError) {
    return new LlmFailure('timeout', 'The model did not answer in time.', { cause: err });
  }
  if (err instanceof OpenAI.APIConnectionError) {
    return new LlmFailure('unreachable', 'The model server could not be reached.', { cause: err });
  }
  if (err instanceof OpenAI.AuthenticationError || err instanceof OpenAI.PermissionDeniedError) {
    return new LlmFailure('unauthorized', 'The model server refused the API key.', { cause: err });
  }
  if (err instanceof OpenAI.APIError && err.status !== undefined && err.status < 500) {
    return new LlmFailure('rejected', `The model server rejected the request: ${err.message}`, {
      cause: err,
    });
  }
  return new LlmFailure('server_error', `The model server failed: ${String(err)}`, { cause: err });
}

/**
 * A client for `config`: strict JSON-schema replies where the server supports them, JSON mode
 * with the schema in the prompt where it does not (remembered for the client's life). Errors come
 * out as LlmFailure, or GENERATION_CANCELLED when the signal fired.
 */
export function createLlmClient(config: LlmConfig, options: LlmClientOptions = {}): LlmClient {
  const openai = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey,
    timeout: config.timeoutMs,
    maxRetries: options.maxRetries ?? 1,
    fetch: options.fetch,
  });
  let mode: ReplyMode = 'json_schema';

  const request = (m: ReplyMode, system: string, turns: ChatTurn[], signal?: AbortSignal) =>
    openai.chat.completions.create(
      {
        model: config.model,
        messages: [{ role: 'system', content: system }, ...turns],
        response_format:
          m === 'json_schema'
            ? {
                type: 'json_schema',
                json_schema: { name: 'quiz_questions', strict: true, schema: replyJsonSchema },
              }
            : { type: 'json_object' },
      },
      { signal },
    );

  return {
    get mode() {
      return mode;
    },
    async complete(system, turns, signal) {
      try {
        let completion;
        try {
          completion = await request(mode, system(mode), turns, signal);
        } catch (err) {
          if (mode !== 'json_schema' || !refusesJsonSchema(err)) throw err;
          mode = 'json_object';
          completion = await request(mode, system(mode), turns, signal);
        }
        const choice = completion.choices[0];
        return {
          content: choice?.message.content ?? choice?.message.refusal ?? '',
          finishReason: choice?.finish_reason ?? null,
        };
      } catch (err) {
        if (signal?.aborted || err instanceof OpenAI.APIUserAbortError) throw cancelled(err);
        throw failureOf(err);
      }
    },
  };
}

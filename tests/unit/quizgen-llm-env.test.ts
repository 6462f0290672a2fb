import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/env.js';

/** The message loadConfig throws for `env`, or a failure if it does not throw. */
function failureOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('LLM settings', () => {
  it('leaves the LLM off when no model is set', () => {
    expect(loadConfig({}).llm).toBeUndefined();
  });

  it('reads a local server with its defaults: 60 s per request, fallback on', () => {
    const config = loadConfig({
      LLM_BASE_URL: 'http://localhost:11434/v1/',
      LLM_MODEL: 'qwen2.5:7b',
    });
    expect(config.llm).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: 'unused',
      model: 'qwen2.5:7b',
      timeoutMs: 60_000,
      fallbackToBuiltin: true,
    });
  });

  it('defaults to the OpenAI API when only a key and a model are set', () => {
    const config = loadConfig({
      LLM_API_KEY: 'sk-test',
      LLM_MODEL: 'gpt-4o-mini',
      LLM_TIMEOUT_SECONDS: '20',
      LLM_FALLBACK_TO_BUILTIN: 'false',
    });
    expect(config.llm).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-test',
      model: 'gpt-4o-mini',
      timeoutMs: 20_000,
      fallbackToBuiltin: false,
    });
  });

  it('names LLM_MODEL when a server or key is set without a model', () => {
    expect(failureOf({ LLM_BASE_URL: 'http://localhost:8080/v1' })).toContain(
      'LLM_MODEL: required when LLM_BASE_URL or LLM_API_KEY is set',
    );
  });

  it('names LLM_API_KEY when a model is set for the OpenAI API without a key', () => {
    expect(failureOf({ LLM_MODEL: 'gpt-4o-mini' })).toMatch(/^\s+LLM_API_KEY: required/m);
  });

  it('names every bad LLM setting together with the others', () => {
    const message = failureOf({
      PORT: 'eighty',
      LLM_BASE_URL: 'localhost:11434',
      LLM_TIMEOUT_SECONDS: '0',
      LLM_FALLBACK_TO_BUILTIN: 'maybe',
    });
    for (const name of [
      'PORT',
      'LLM_BASE_URL',
      'LLM_TIMEOUT_SECONDS',
      'LLM_FALLBACK_TO_BUILTIN',
      'LLM_MODEL',
    ]) {
      expect(message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
    }
  });
});

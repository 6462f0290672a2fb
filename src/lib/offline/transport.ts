import i18n from '../../i18n';
import { TOKEN_COOKIE } from '../../config/constants';
import type { OutboxError, OutboxRow } from '../../db';
import { apiErrorFrom, reportUnauthorized } from '../api-client';
import { getCookie } from '../cookies';
import { outboxKind, outboxKindsReady } from './outbox-kinds';
import type { SendResult } from './policy';
import { OUTBOX_HEADER } from './worker-messages';

/** The kind's own body (an upload's form with its files), or the queued body as JSON. */
function bodyOf(item: OutboxRow): Promise<BodyInit | undefined> | undefined {
  const encode = outboxKind(item.kind).encode;
  if (encode) return encode(item);
  return item.body ? Promise.resolve(JSON.stringify(item.body)) : undefined;
}

/**
 * Sends a queued item with the session of now (tokens are never stored with it). Without a
 * session it answers 401 without going out: the item waits for the next sign-in.
 */
export async function sendOutboxItem(item: OutboxRow): Promise<SendResult> {
  const token = getCookie(TOKEN_COOKIE);
  if (!token) return { kind: 'response', status: 401, body: {} };
  await outboxKindsReady();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.resolvedLanguage ?? 'zh-TW',
    Authorization: `Bearer ${token}`,
    [OUTBOX_HEADER]: '1',
    // The same on every try (a submit also carries it as clientSubmissionId in its body).
    'Idempotency-Key': item.clientRequestId,
  };
  // A kind's own body (FormData) brings its own Content-Type, with the multipart boundary.
  if (!outboxKind(item.kind).encode) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(item.url, { method: item.method, headers, body: await bodyOf(item) });
  } catch (err) {
    return { kind: 'network', message: err instanceof Error ? err.message : String(err) };
  }
  const text = await res.text().catch(() => '');
  let body: unknown = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { message: text };
  }
  if (res.status === 401 || res.status === 403) reportUnauthorized();
  return { kind: 'response', status: res.status, body };
}

/**
 * The error kept with an item: the status, the server's code and params (the panel says it in
 * the web's own words, in the language of the moment), and a plain message for the logs.
 */
export function describeResult(result: SendResult): OutboxError {
  if (result.kind === 'network') return { status: 0, message: result.message };
  const body =
    result.body && typeof result.body === 'object' ? (result.body as Record<string, unknown>) : {};
  const err = apiErrorFrom(result.status, body);
  return {
    status: result.status,
    code: err.code,
    ...(Object.keys(err.params).length ? { params: err.params } : {}),
    message: err.message,
  };
}

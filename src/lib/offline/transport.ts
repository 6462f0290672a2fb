import i18n from '../../i18n';
import { TOKEN_COOKIE } from '../../config/constants';
import type { OutboxError, OutboxRow } from '../../db';
import { itemFiles } from '../../db/outbox';
import { apiErrorFrom, reportUnauthorized } from '../api-client';
import { getCookie } from '../cookies';
import type { SendResult } from './policy';
import { OUTBOX_HEADER } from './worker-messages';

async function bodyOf(item: OutboxRow): Promise<BodyInit | undefined> {
  if (item.kind !== 'material-upload') return item.body ? JSON.stringify(item.body) : undefined;
  const form = new FormData();
  for (const [key, value] of Object.entries(item.body ?? {})) form.append(key, String(value));
  for (const f of await itemFiles(item.id)) form.append('files', f.blob, f.name);
  return form;
}

/**
 * Sends a queued item with the session of now (tokens are never stored with it). Without a
 * session it answers 401 without going out: the item waits for the next sign-in.
 */
export async function sendOutboxItem(item: OutboxRow): Promise<SendResult> {
  const token = getCookie(TOKEN_COOKIE);
  if (!token) return { kind: 'response', status: 401, body: {} };
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.resolvedLanguage ?? 'zh-TW',
    Authorization: `Bearer ${token}`,
    [OUTBOX_HEADER]: '1',
    // The same on every try (a submit also carries it as clientSubmissionId in its body).
    'Idempotency-Key': item.clientRequestId,
  };
  if (item.kind !== 'material-upload') headers['Content-Type'] = 'application/json';
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

/** The error kept with an item: the server's message (both languages when it sent them). */
export function describeResult(result: SendResult): OutboxError {
  if (result.kind === 'network') return { status: 0, message: result.message };
  const body =
    result.body && typeof result.body === 'object' ? (result.body as Record<string, unknown>) : {};
  const err = apiErrorFrom(result.status, '', body);
  return {
    status: result.status,
    code: err.code,
    message: err.message || `HTTP ${result.status}`,
    ...(err.messageI18n ? { messageI18n: err.messageI18n } : {}),
  };
}

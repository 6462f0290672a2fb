import { useCallback, useEffect, useState } from 'react';
import { readMaterial } from '../../../db/cache';
import { answerRecord } from '../../../lib/api-answer';
import { api } from '../../../lib/api-client';
import { isNetworkError } from '../../../lib/offline/network';
import { currentUserId } from '../../../stores/auth-store';
import { readExamSummary, type ExamSummary } from '../../../lib/exam-summary';

/** The little the quiz screens need of a material (the materials feature owns the rest). */
export interface QuizMaterial {
  id: string;
  name: string;
  /** Detected language of the text: 'zh-TW', 'en', 'other' or '' when unknown. */
  language: string;
  /** The exam paper recognised in it (issue 17), or null. */
  exam: ExamSummary | null;
}

const text = (...values: unknown[]) =>
  values.find((v): v is string => typeof v === 'string' && v.trim() !== '') ?? '';

const fromRecord = (id: string, m: Record<string, unknown>): QuizMaterial => {
  return {
    id: text(m.id, m.material_id) || id,
    name: text(m.title, m.name).trim(),
    language: text(m.language),
    exam: readExamSummary(m.exam),
  };
};

/**
 * GET /materials/{id} (the material may sit under data). Throws ApiError 404 NOT_FOUND.
 * Without a network it answers the copy stored on the device (the material page keeps one), so
 * a quiz can be asked for offline and made once back online.
 */
export async function getQuizMaterial(id: string, signal?: AbortSignal): Promise<QuizMaterial> {
  let raw: Record<string, unknown>;
  try {
    raw = answerRecord(await api(`/api/v1/materials/${encodeURIComponent(id)}`, { signal }));
  } catch (err) {
    const userId = currentUserId();
    const stored = userId && isNetworkError(err) ? await readMaterial(userId, id) : null;
    if (stored) return fromRecord(id, stored.data);
    throw err;
  }
  return fromRecord(id, raw);
}

export type MaterialState =
  | { status: 'loading' }
  | { status: 'ready'; material: QuizMaterial }
  | { status: 'error'; error: unknown };

/** Loads the material for `id`; `reload()` tries again after an error. */
export function useQuizMaterial(id: string) {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; state: MaterialState } | null>(null);
  const key = `${id}#${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    getQuizMaterial(id, controller.signal).then(
      (material) => {
        if (!controller.signal.aborted) setResult({ key, state: { status: 'ready', material } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ key, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [id, key]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const state: MaterialState = result?.key === key ? result.state : { status: 'loading' };
  return { state, reload };
}

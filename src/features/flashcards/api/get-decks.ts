import { readMaterial, readReport, saveReport } from '../../../db/cache';
import { readMaterialFlashcards, saveMaterialFlashcards } from '../../../db/flashcards-store';
import { api } from '../../../lib/api-client';
import { isNetworkError } from '../../../lib/offline/network';
import { langTag, quizCards, termCards, type Flashcard } from '../lib/cards';
import { materialFlashcardsPath, quizReportPath } from './paths';
import { answerRecord } from '../../../lib/api-answer';

/** A deck ready to study: its cards, the language they are written in, where it came from. */
export interface Deck {
  cards: Flashcard[];
  /** BCP 47 tag of the cards' language ('' unknown): the faces carry it as `lang`. */
  lang: string;
  title: string;
  materialId: string;
  /** Read from the device because the network could not be reached. */
  fromDevice: boolean;
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * GET /materials/{id}/flashcards, written through to the device; offline (or unreachable) the
 * device's copy. Throws the ApiError the server answered, or the network error when nothing is
 * stored.
 */
export async function loadMaterialDeck(
  userId: string,
  materialId: string,
  signal?: AbortSignal,
): Promise<Deck> {
  const [stored, material] = await Promise.all([
    readMaterialFlashcards(userId, materialId),
    readMaterial(userId, materialId),
  ]);
  const storedTitle = text(material?.data.title) || text(material?.data.name);
  const deck = (data: Record<string, unknown>, fromDevice: boolean): Deck => ({
    cards: termCards(data),
    lang: langTag(data.language),
    title: storedTitle || text(data.title),
    materialId,
    fromDevice,
  });
  if (stored && offline()) return deck(stored.data, true);
  try {
    const data = answerRecord(await api(materialFlashcardsPath(materialId), { signal }));
    await saveMaterialFlashcards(userId, materialId, data);
    return deck(data, false);
  } catch (err) {
    if (stored && isNetworkError(err)) return deck(stored.data, true);
    throw err;
  }
}

/**
 * A quiz's cards from its latest report on the device (the quiz copy for taking has no key);
 * without one, GET /quiz/{id}/report, stored for next time. Throws ApiError 404
 * REPORT_NOT_FOUND when the quiz was never submitted.
 */
export async function loadQuizDeck(
  userId: string,
  quizId: string,
  signal?: AbortSignal,
): Promise<Deck> {
  const deck = (data: Record<string, unknown>, materialId: string, fromDevice: boolean): Deck => ({
    cards: quizCards(data),
    lang: langTag(data.language),
    title: text(data.quizTitle),
    materialId: text(data.materialId) || materialId,
    fromDevice,
  });
  const stored = await readReport(userId, quizId);
  if (stored) return deck(stored.data, stored.materialId, false);
  const startedAt = Date.now();
  const data = answerRecord(await api(quizReportPath(quizId), { signal }));
  const materialId = text(data.materialId);
  await saveReport(userId, { quizId, materialId, data }, startedAt);
  return deck(data, materialId, false);
}

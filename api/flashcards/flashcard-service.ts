import type { Db } from '../db/database.js';
import { loadDocument } from '../materials/material-service.js';
import { findOwned } from '../auth/owned-row.js';
import { materialTermCards, type TermCard } from './material-cards.js';

/** GET /materials/{id}/flashcards → data. */
export interface MaterialFlashcards {
  materialId: string;
  /** The material's title, for the page heading when the device has no copy of it. */
  title: string;
  /** The material's language: the cards' front and back are written in it. */
  language: string;
  cards: TermCard[];
}

/** The term ↔ definition cards of one of the learner's materials (none: `cards` is empty). */
export async function getMaterialFlashcards(
  db: Db,
  userId: string,
  materialId: string,
): Promise<MaterialFlashcards> {
  const material = await findOwned(db, 'materials', userId, materialId);
  const document = await loadDocument(db, userId, materialId);
  return {
    materialId,
    title: material.title,
    language: document.language,
    cards: materialTermCards(document),
  };
}

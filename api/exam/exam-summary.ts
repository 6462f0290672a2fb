import type { MaterialExam } from './exam-generation.js';
import { isExamMaterial, paperLanguage, practiceItems, usableItems } from './exam-quiz.js';

/**
 * What the material API says about a material's exam papers (docs/api/materials.md, "exam"):
 * enough for the learner to trust the quiz and for the settings page to offer its choices.
 */
export interface ExamSummary {
  /** Choice items recognised (single and multiple-select). */
  items: number;
  /** Of them, the ones a quiz asks: single-choice or multiple-select with a key (or 「一律給分」). */
  usable: number;
  /**
   * Without a key: the items unscored practice can ask (every choice item); 0 when a key was found
   * (the quiz is then scored).
   */
  practice: number;
  /** Multiple-select items (複選題), asked as multi-select questions (decision 0021). */
  multiSelect: number;
  keyFound: boolean;
  /** Items a correction (更正) changed. */
  corrections: number;
  /** Essay questions (申論題): not asked. */
  essays: number;
  /** Items seen but left out because something about them was unsure. */
  skipped: number;
  /** The papers, by name, in the order they come. */
  papers: string[];
  language: 'zh-TW' | 'en-US';
  /** The material has text besides its papers and keys (a mixed material). */
  otherText: boolean;
}

/** The summary of a recognition; null when the material is no exam paper. */
export function summarizeExam({ rec, otherText }: MaterialExam): ExamSummary | null {
  if (!rec || !isExamMaterial(rec)) return null;
  return {
    items: rec.items.length,
    usable: usableItems(rec).length,
    practice: practiceItems(rec).length,
    multiSelect: rec.items.filter((i) => i.kind === 'multi').length,
    keyFound: rec.keyFound,
    corrections: rec.corrections,
    essays: rec.essays.length,
    skipped: rec.skipped.length,
    papers: [...new Set(rec.items.map((i) => i.paper))],
    language: paperLanguage(rec.items),
    otherText,
  };
}

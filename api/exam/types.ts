import type { Location } from '../extract/types.js';

/**
 * What the exam-paper reader recognised in a material (issue 17): the items of its question
 * papers, verbatim, with the key of its answer key and any correction applied.
 * Produced by recognizeExam (api/exam/recognize.ts) from the material's extracted blocks;
 * consumed by the exam quiz builder and the material detail.
 */

export interface ExamOption {
  /** The option's letter as the paper orders it: 'A'…'D' (also for ①–④, (甲)…, Ａ–Ｄ). */
  letter: string;
  /** The option text as printed, without its letter. */
  text: string;
}

export interface ExamItem {
  /** The paper this item belongs to (its question file), e.g. '114年 火災學概要'. */
  paper: string;
  /** The question number as printed. */
  number: number;
  /** 'single' single-choice, 'multi' multiple-select (複選題). */
  kind: 'single' | 'multi';
  /** The stem as printed, without its number. */
  stem: string;
  /** The options in printed order (usually four). */
  options: ExamOption[];
  /**
   * Accepted letters after corrections: one letter for an ordinary single-choice item; several
   * when a correction accepts several (「答C或D者均給分」); for 'multi' the letters that make up
   * the one right combination. Empty when no key was found for this item.
   */
  key: string[];
  /**
   * A multiple-select item whose correction accepts several answers (「答ABD或AB者均給分」):
   * every accepted set of letters, `key` being the first. Absent: `key` is the one answer.
   */
  keySets?: string[][];
  /** A correction says every answer scores (「一律給分」): any answer counts as correct. */
  anyAnswer: boolean;
  /** The correction's note as printed (備註), when this item was corrected. */
  correctionNote?: string;
  /** Where the item stands: the question file and its page. */
  citation: { fileId: string; location: Location; quote: string };
}

export interface ExamEssay {
  paper: string;
  number: number;
  text: string;
  citation: { fileId: string; location: Location; quote: string };
}

export interface ExamRecognition {
  /** Choice items recognised with all their options, in paper order. */
  items: ExamItem[];
  /** Essay questions (申論題): not choice items; offered without a key or left out. */
  essays: ExamEssay[];
  /** True when an answer key was found for the items. */
  keyFound: boolean;
  /** How many items a correction (更正) changed. */
  corrections: number;
  /** Items seen but left out because something about them was unsure, with the reason. */
  skipped: Array<{ paper: string; number: number; reason: string }>;
  /**
   * The files read as answer keys: every 標準答案 / 更正 grid, and an answer list (or a paper's
   * own answer section or 「答案：C」 lines: the paper's file) that keyed at least one item.
   */
  keyFileIds: string[];
}

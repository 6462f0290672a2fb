import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, snap, withServerDb } from './fixtures';

export type Lng = 'zh-TW' | 'en';

export const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus');

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
};

/** Kept here for the quiz specs that import it from this file. */
export { signInNewLearner } from './fixtures';

/**
 * Uploads one corpus file through the upload page's drop zone (the events a browser's drag and
 * drop sends) and waits for the material page; returns the material id.
 */
export async function uploadCorpusFile(
  page: Page,
  file: string | readonly string[],
  submitLabel: string,
) {
  await page.goto('/upload-material');
  const items = (typeof file === 'string' ? [file] : file).map((f) => ({
    name: path.basename(f),
    type: MIME[path.extname(f).slice(1)] ?? '',
    data: fs.readFileSync(path.join(CORPUS, f)).toString('base64'),
  }));
  const dataTransfer = await page.evaluateHandle((files) => {
    const dt = new DataTransfer();
    for (const f of files) {
      const bytes = Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return dt;
  }, items);
  const zone = page.getByTestId('drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  for (const item of items) await expect(page.getByText(item.name).first()).toBeVisible();
  await expectAccessible(page, 'upload page with the file chosen');
  await page.getByRole('button', { name: submitLabel, exact: true }).click();
  await expect(page).toHaveURL(/\/materials\/[0-9a-f-]{36}$/, { timeout: 90_000 });
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Uploads one corpus file through the API as the signed-in learner; returns the material id. */
export async function uploadByApi(page: Page, token: string, file: string): Promise<string> {
  const res = await page.request.post('/api/v1/materials/upload', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      files: {
        name: path.basename(file),
        mimeType: MIME[path.extname(file).slice(1)] ?? 'application/octet-stream',
        buffer: fs.readFileSync(path.join(CORPUS, file)),
      },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** A question as the server stores it, with its key (api/quizgen/types.ts). */
export interface StoredQuestion {
  id: string;
  type: 'multiple_choice' | 'true_false' | 'dropdown_fill_in_blank' | 'short_answer';
  question: string;
  options?: Array<{ id: string; text: string }>;
  correctOptionId?: string;
  blanks?: Array<{
    id: string;
    options: Array<{ id: string; text: string }>;
    correctOptionId: string;
  }>;
  acceptedAnswers?: string[];
  explanation: string;
  relatedConcepts: string[];
  citation: { quote: string; location: { kind: string; page?: number; index?: number } };
}

/** The quiz's questions with their keys, read from the server's database. */
export function storedQuestions(quizId: string): StoredQuestion[] {
  const row = withServerDb(
    (db) =>
      db.prepare('SELECT questions FROM quizzes WHERE id = ?').get(quizId) as
        { questions: string } | undefined,
  );
  expect(row, `quiz ${quizId} in the server database`).toBeTruthy();
  return JSON.parse(row!.questions) as StoredQuestion[];
}

/** The session token the app keeps in its cookie, for calling the API as the learner. */
export async function sessionToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'mnemo_token');
  expect(cookie, 'the mnemo_token cookie').toBeTruthy();
  return decodeURIComponent(cookie!.value);
}

/** Presses Tab until `target` has focus (a keyboard user's way there). */
export async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * Full-page screenshots at 1280 px and 360 px (NAME-WIDTH-LNG.png, axe-checked by snap), each
 * also checked for sideways scrolling; leaves the viewport at 1280 px.
 */
export async function snapWidths(page: Page, name: string, lng: Lng) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, `${name}-${width}-${lng}`);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${name} at ${width}px scrolls sideways`,
    ).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The position (0-based) of the option with this id. */
function positionOf(options: Array<{ id: string }> | undefined, id: string | undefined) {
  const i = (options ?? []).findIndex((o) => o.id === id);
  expect(i, `option ${id} among ${JSON.stringify(options)}`).toBeGreaterThanOrEqual(0);
  return i;
}

/**
 * Answers the question on screen with the keyboard only — 1–4 for a choice, Tab + arrows in
 * each blank's select, typing for a short answer — right or deliberately wrong. Does not move
 * on. Returns the short answer typed (else '').
 */
export async function answerByKeyboard(
  page: Page,
  q: StoredQuestion,
  right: boolean,
  wrongText: string,
): Promise<string> {
  if (q.type === 'multiple_choice' || q.type === 'true_false') {
    const n = q.options!.length;
    const key = positionOf(q.options, q.correctOptionId);
    const pick = right ? key : (key + 1) % n;
    await page.keyboard.press(String(pick + 1));
    await expect(page.locator('input.choice__input').nth(pick)).toBeChecked();
    return '';
  }
  if (q.type === 'dropdown_fill_in_blank') {
    const selects = page.locator('select.fill-blank__select');
    await expect(selects).toHaveCount(q.blanks!.length);
    for (const [i, blank] of q.blanks!.entries()) {
      const key = positionOf(blank.options, blank.correctOptionId);
      // Only the first blank is wrong in a wrong answer: one wrong blank makes the whole wrong.
      const pick = right || i > 0 ? key : (key + 1) % blank.options.length;
      const select = selects.nth(i);
      await tabTo(page, select);
      // Home is the "Choose…" placeholder; each ArrowDown moves one option on (no popup).
      await page.keyboard.press('Home');
      for (let k = 0; k <= pick; k++) await page.keyboard.press('ArrowDown');
      await expect(select).toHaveValue(blank.options[pick]!.id);
    }
    return '';
  }
  const box = page.locator('.question__short input');
  await tabTo(page, box);
  const accepted = q.acceptedAnswers ?? [];
  expect(accepted.map((a) => a.toLowerCase())).not.toContain(wrongText.toLowerCase());
  const text = right ? accepted[0]! : wrongText;
  await page.keyboard.type(text);
  await expect(box).toHaveValue(text);
  return text;
}

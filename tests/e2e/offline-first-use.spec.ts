import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, useLanguage, verifiedLearner } from './support/fixtures';
import { CORPUS } from './support/quiz-helpers';

// Offline means offline (issue 20): a learner who made a quiz at home and only ever saw the
// home page opens it on the train with no signal, takes it and submits it to the outbox. The
// pages reachable from the device's data are precached with their code, CSS and strings when
// the service worker installs (scripts/build-manifest.ts OFFLINE_PAGES), so no page has to be
// opened online first.

const FILE = 'txt/zh_us_constitution_taiwan_phrasing.txt';

const T = {
  'zh-TW': {
    available: '可離線使用',
    continueQuiz: (title: string) => `繼續作答：${title}`,
    finish: '完成測驗',
    offline: '目前離線',
    saved: '已儲存 — 恢復連線後會自動評分',
    openOutbox: '查看待同步項目',
    outboxTitle: '待同步項目',
    kindSubmit: '測驗作答',
    quizLanguage: 'zh-TW',
  },
  en: {
    available: 'Available offline',
    continueQuiz: (title: string) => `Continue: ${title}`,
    finish: 'Finish quiz',
    offline: "You're offline",
    saved: "Saved — will be scored when you're back online",
    openOutbox: 'View pending changes',
    outboxTitle: 'Pending changes',
    kindSubmit: 'Quiz answers',
    quizLanguage: 'en-US',
  },
} as const;

/** A verified learner with a material and a ten-question quiz, all made through the API. */
async function learnerWithQuiz(request: APIRequestContext, lng: keyof typeof T) {
  const { token } = await verifiedLearner(request, lng, 'firstuse');
  const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': lng };
  const materialTitle = `Train ${lng}`;
  const up = await request.post('/api/v1/materials/upload', {
    headers,
    multipart: {
      title: materialTitle,
      description: '',
      files: {
        name: path.basename(FILE),
        mimeType: 'text/plain',
        buffer: fs.readFileSync(path.join(CORPUS, FILE)),
      },
    },
    timeout: 90_000,
  });
  expect(up.status()).toBe(201);
  const materialId = ((await up.json()) as { data: { id: string } }).data.id;
  const gen = await request.post('/api/v1/quiz/generate', {
    headers,
    data: {
      materialId,
      title: `Train quiz ${lng}`,
      questionCount: 10,
      questionTypes: ['multiple_choice', 'true_false'],
      language: T[lng].quizLanguage,
    },
    timeout: 120_000,
  });
  expect(gen.status()).toBe(201);
  const quiz = ((await gen.json()) as { data: { quizId: string; title: string } }).data;
  return { token, materialTitle, quizId: quiz.quizId, quizTitle: quiz.title };
}

/** Resolves once the service worker is active, has precached, and controls the page. */
async function workerReady(page: Page) {
  await page.waitForFunction(
    async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.state === 'activated' && !!navigator.serviceWorker.controller;
    },
    null,
    { timeout: 30_000 },
  );
}

for (const lng of ['zh-TW', 'en'] as const) {
  test(`${lng}: after one online visit of the home page only, an offline quiz opens, is taken and is submitted to the outbox`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(240_000);
    const t = T[lng];
    const { token, materialTitle, quizId, quizTitle } = await learnerWithQuiz(request, lng);
    await useLanguage(page, lng);
    await page.setViewportSize({ width: 1280, height: 800 });
    // Signed in as the app would have left it (src/stores/auth-store.ts keeps the token here).
    const baseURL = test.info().project.use.baseURL!;
    await context.addCookies([
      { name: 'mnemo_token', value: encodeURIComponent(token), url: new URL(baseURL).origin },
    ]);

    // The only page opened online: the home page, a fresh profile.
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto('/');
    const card = page.getByRole('article').filter({ hasText: materialTitle });
    await expect(card.getByTestId('offline-mark')).toHaveText(t.available, { timeout: 30_000 });
    await workerReady(page);
    // The sticky header is opaque: scrolled text never shows through behind the logo.
    expect(
      await page.locator('.site-header').evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
    expect(requested.filter((p) => /quiz-questions-page/.test(p))).toEqual([]);

    // The train: no network at all. Into the material, the quiz, through the questions.
    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toContainText(t.offline);
    await card.getByRole('link').first().click();
    const quizCard = page.getByRole('article').filter({ hasText: quizTitle });
    await expect(quizCard.getByTestId('offline-mark')).toBeVisible({ timeout: 15_000 });
    await quizCard.getByRole('link', { name: t.continueQuiz(quizTitle) }).click();
    await expect(page).toHaveURL(new RegExp(`/quiz/${quizId}/questions$`));
    await expect(page.locator('.question__stem')).toBeVisible({ timeout: 15_000 });
    for (let i = 1; i <= 10; i++) {
      await expect(page.locator('.quiz-progress__counter')).toHaveText(`${i} / 10`);
      await page.keyboard.press('1');
      await expect(page.locator('input.choice__input').first()).toBeChecked();
      if (i < 10) await page.keyboard.press('ArrowRight');
    }
    await page.getByRole('button', { name: t.finish }).click();
    await expect(
      page.getByTestId('pending-submission').getByRole('heading', { name: t.saved }),
    ).toBeVisible();

    // The outbox panel opens too, listing the answers.
    await page.getByTestId('offline-banner').getByRole('link', { name: t.openOutbox }).click();
    await expect(page.getByRole('heading', { name: t.outboxTitle, level: 1 })).toBeVisible();
    await expect(page.getByTestId('outbox-item').filter({ hasText: t.kindSubmit })).toContainText(
      quizTitle,
    );

    // A reload with no network still opens the page (the shell and the page from the precache).
    await page.reload();
    await expect(page.getByRole('heading', { name: t.outboxTitle, level: 1 })).toBeVisible({
      timeout: 15_000,
    });
    await context.setOffline(false);
  });
}

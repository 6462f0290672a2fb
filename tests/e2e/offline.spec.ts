import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import {
  expect,
  signInNewLearner,
  snap,
  test,
  useLanguage,
  withServerDb,
} from './support/fixtures';

// Studying on the commute (issue 7): a quiz opened at home is taken with no signal, survives
// the tab being closed, is submitted offline and scored once the phone is back online — once,
// however many times it was sent. The same for an upload made offline.
//
// The data never comes from the service worker's caches: only Dexie. The worker (when it
// controls the page) serves the app shell, so a page can be reloaded offline; without it the
// shell is fetched while the API is unreachable, which is the same situation for the data.

const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpus');
type Lng = 'zh-TW' | 'en';

const T = {
  'zh-TW': {
    email: '電子郵件',
    password: '密碼',
    login: '登入',
    menu: '帳號選單',
    file: 'txt/zh_us_constitution_taiwan_phrasing.txt',
    quizLanguage: 'zh-TW',
    available: '可離線使用',
    continueQuiz: (title: string) => `繼續作答：${title}`,
    answered: (n: number, of: number) => `已作答 ${n}/${of} 題`,
    finish: '完成測驗',
    offline: '目前離線',
    saved: '已儲存 — 恢復連線後會自動評分',
    openOutbox: '查看待同步項目',
    outboxTitle: '待同步項目',
    kindSubmit: '測驗作答',
    waiting: '等待同步',
    scored: '測驗已評分',
    upload: '上傳新教材',
    nameLabel: '教材名稱',
    submitUpload: '上傳教材',
    uploadQueued: '已儲存 — 恢復連線後會自動上傳',
    pendingUpload: '等待上傳',
    waitingCount: (n: number) => `${n} 份等待上傳`,
    uploaded: (title: string) => `「${title}」已上傳`,
    generate: '產生新測驗',
    settingsTitle: '測驗設定',
    generateNow: '產生測驗',
    generateLater: '恢復連線後產生',
    generateOfflineHint: '目前離線。這個請求會先存在這台裝置上，恢復連線後自動產生測驗。',
    generateQueued: '已儲存 — 恢復連線後會自動產生測驗',
    pendingGeneration: '等待產生',
    kindGenerate: '產生測驗',
    quizTitle: (material: string) => `${material} 測驗`,
    generated: (title: string) => `測驗「${title}」已產生`,
    openQuiz: '開始作答',
    results: '測驗結果',
    exportPdf: '匯出 PDF',
    exportOffline: '匯出需要網路連線，請連上網路後再試一次。',
    paymentOffline: '付款需要網路連線。請連上網路後再訂閱或管理方案。',
    plansOffline: '目前離線。方案與付款需要網路連線，恢復連線後這個頁面就會載入。',
    subscribe: /^訂閱/,
  },
  en: {
    email: 'Email',
    password: 'Password',
    login: 'Log in',
    menu: 'Account menu',
    // A textbook chapter: full quizzes of choice questions for every seed.
    file: '../study-corpus/textbook/en_ims_ch01_data_hello.md',
    quizLanguage: 'en-US',
    available: 'Available offline',
    continueQuiz: (title: string) => `Continue: ${title}`,
    answered: (n: number, of: number) => `${n} of ${of} answered`,
    finish: 'Finish quiz',
    offline: "You're offline",
    saved: "Saved — will be scored when you're back online",
    openOutbox: 'View pending changes',
    outboxTitle: 'Pending changes',
    kindSubmit: 'Quiz answers',
    waiting: 'Waiting to sync',
    scored: 'Your quiz was scored',
    upload: 'Upload new material',
    nameLabel: 'Material Name',
    submitUpload: 'Upload material',
    uploadQueued: "Saved — will upload when you're back online",
    pendingUpload: 'Waiting to upload',
    waitingCount: (n: number) => `${n} waiting to upload`,
    uploaded: (title: string) => `"${title}" was uploaded`,
    generate: 'Generate new quiz',
    settingsTitle: 'Quiz settings',
    generateNow: 'Generate quiz',
    generateLater: 'Generate when back online',
    generateOfflineHint:
      "You're offline. The request is kept on this device and the quiz is generated once you're back online.",
    generateQueued: "Saved — the quiz will be generated when you're back online",
    pendingGeneration: 'Waiting to generate',
    kindGenerate: 'Quiz generation',
    quizTitle: (material: string) => `${material} Quiz`,
    generated: (title: string) => `Your quiz "${title}" is ready`,
    openQuiz: 'Open quiz',
    results: 'Quiz results',
    exportPdf: 'Export PDF',
    exportOffline: 'Exporting needs a network connection. Connect to the internet and try again.',
    paymentOffline:
      'Payment needs a network connection. Connect to the internet to subscribe or manage your plan.',
    plansOffline:
      "You're offline. Plans and payment need a network connection; this page loads once you're back online.",
    subscribe: /^Subscribe/,
  },
} as const;

async function tokenOf(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === 'mnemo_token');
  expect(cookie, 'the session cookie').toBeTruthy();
  return decodeURIComponent(cookie!.value);
}

/** A material uploaded through the API (the materials spec covers the upload screen). */
async function uploadMaterial(page: Page, lng: Lng, title = `Offline ${lng}`) {
  const token = await tokenOf(page.context());
  const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': lng };
  const file = T[lng].file;
  const up = await page.request.post('/api/v1/materials/upload', {
    headers,
    multipart: {
      title,
      description: '',
      files: {
        name: path.basename(file),
        mimeType: file.endsWith('.md') ? 'text/markdown' : 'text/plain',
        buffer: fs.readFileSync(path.join(CORPUS, file)),
      },
    },
    timeout: 90_000,
  });
  expect(up.status()).toBe(201);
  return { headers, material: ((await up.json()) as { data: { id: string } }).data };
}

/** A material and a ten-question quiz of it, made through the API (the quiz screens' own
 * spec covers making them through the UI). */
async function materialWithQuiz(page: Page, lng: Lng) {
  const { headers, material } = await uploadMaterial(page, lng);
  const gen = await page.request.post('/api/v1/quiz/generate', {
    headers,
    data: {
      materialId: material.id,
      title: `Commute ${lng}`,
      questionCount: 10,
      questionTypes: ['multiple_choice', 'true_false'],
      language: T[lng].quizLanguage,
    },
    timeout: 120_000,
  });
  expect(gen.status()).toBe(201);
  const quiz = (
    (await gen.json()) as { data: { quizId: string; title: string; questions: unknown[] } }
  ).data;
  // The generator may write fewer than asked (and says so); the quiz is taken as produced.
  expect(quiz.questions.length).toBeGreaterThanOrEqual(7);
  return {
    materialId: material.id,
    quizId: quiz.quizId,
    title: quiz.title,
    count: quiz.questions.length,
  };
}

/** Whether the service worker controls the page (then the shell loads with no network). */
async function workerControls(page: Page) {
  return page
    .waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 15_000 })
    .then(() => true)
    .catch(() => false);
}

/**
 * Opens `url` in a new page with no network for the data. With the service worker: truly
 * offline, the shell from its cache. Without it: the shell from the server while every /api
 * request fails as it would offline; once `ready` shows (the page's code has loaded), the
 * network goes.
 */
async function openOffline(
  context: BrowserContext,
  url: string,
  withWorker: boolean,
  ready: (page: Page) => Promise<void>,
) {
  const page = await context.newPage();
  if (withWorker) {
    await page.goto(url);
    await ready(page);
    return page;
  }
  await context.setOffline(false);
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.goto(url);
  await ready(page);
  await context.setOffline(true);
  await page.unroute('**/api/**');
  return page;
}

/** Answers the question on screen with its first option (1 on the keyboard) and moves on. */
async function answerAndMoveOn(page: Page, position: number, count: number) {
  await expect(page.locator('.quiz-progress__counter')).toHaveText(`${position} / ${count}`);
  await page.keyboard.press('1');
  await expect(page.locator('input.choice__input').first()).toBeChecked();
  if (position < count) await page.keyboard.press('ArrowRight');
}

/** The attempt the page keeps in IndexedDB for this quiz: how many answers, which question. */
const storedAttempt = (page: Page, quizId: string) =>
  page.evaluate(
    (id) =>
      new Promise<{ answered: number; currentIndex: number } | null>((resolve) => {
        const open = indexedDB.open('mnemo');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('attempts').objectStore('attempts').getAll();
          all.onsuccess = () => {
            db.close();
            const row = (
              all.result as Array<{ quizId: string; drafts: object; currentIndex: number }>
            ).find((r) => r.quizId === id);
            resolve(
              row
                ? { answered: Object.keys(row.drafts).length, currentIndex: row.currentIndex }
                : null,
            );
          };
          all.onerror = () => resolve(null);
        };
      }),
    quizId,
  );

/** Requests the worker holds for background sync (0 when there is no worker). */
const workerQueue = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('workbox-background-sync');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('requests')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('requests').objectStore('requests').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => resolve(0);
        };
      }),
  );

const submittedAttempts = (quizId: string) =>
  withServerDb(
    (db) =>
      db
        .prepare(
          "SELECT count(*) AS n FROM quiz_attempts WHERE quiz_id = ? AND status = 'submitted'",
        )
        .get(quizId) as { n: number },
  ).n;

/** A 360 px screenshot (axe-checked by snap), toasts dismissed so the page itself shows. */
async function snap360(page: Page, name: string) {
  // In the page: a toast may time out between finding its button and clicking it.
  await page
    .locator('.toast__close')
    .evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLButtonElement).click()));
  await expect(page.locator('.toast')).toHaveCount(0);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `${name} scrolls sideways`,
  ).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * The quiz flow: the list (prefetched, marked), open the quiz, lose the network (reload when
 * the worker serves the shell), answer half, close the tab, reopen it offline, finish, submit
 * offline (saved notice, outbox panel), back online: the report, scored once.
 */
async function takeQuizOffline(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  lng: Lng,
) {
  const t = T[lng];
  await useLanguage(page, lng);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInNewLearner(page, request, lng, 'offline');
  const { materialId, quizId, title, count } = await materialWithQuiz(page, lng);
  const withWorker = await workerControls(page);
  test.info().annotations.push({
    type: 'shell',
    description: withWorker ? 'service worker' : 'no service worker: API blocked instead',
  });

  // The list: the quiz was never opened, yet it is kept for offline use in the background.
  await page.goto('/');
  const card = page.getByRole('article').filter({ hasText: `Offline ${lng}` });
  await expect(card.getByTestId('offline-mark')).toHaveText(t.available, { timeout: 20_000 });
  await snap360(page, `offline-mark-list-${lng}`);
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/materials/${materialId}$`));
  const quizCard = page.getByRole('article').filter({ hasText: title });
  await expect(quizCard.getByTestId('offline-mark')).toBeVisible();
  await snap360(page, `offline-mark-quiz-${lng}`);

  // Open the quiz, then lose the network: it still shows.
  await quizCard.getByRole('link', { name: t.continueQuiz(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/quiz/${quizId}/questions$`));
  const questionsUrl = page.url();
  await expect(page.locator('.quiz-progress__counter')).toHaveText(`1 / ${count}`);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toContainText(t.offline);
  if (withWorker) await page.reload();
  await expect(page.locator('.question__stem')).toBeVisible();
  await expect(page.locator('.quiz-progress__counter')).toHaveText(`1 / ${count}`);

  // Half the quiz offline; then the tab is closed.
  for (let i = 1; i <= 5; i++) await answerAndMoveOn(page, i, count);
  await expect(page.getByText(t.answered(5, count))).toBeVisible();
  // Every change is written to the device as it happens (a write takes a few ms to commit).
  await expect.poll(() => storedAttempt(page, quizId)).toEqual({ answered: 5, currentIndex: 5 });
  await page.close();

  // A new tab, still offline: the answers and the place are where they were left.
  const again = await openOffline(context, questionsUrl, withWorker, (p) =>
    expect(p.getByText(t.answered(5, count))).toBeVisible({ timeout: 15_000 }),
  );
  await expect(again.locator('.quiz-progress__counter')).toHaveText(`6 / ${count}`);
  for (let i = 6; i <= count; i++) await answerAndMoveOn(again, i, count);
  await again.getByRole('button', { name: t.finish }).click();

  // Submitted offline: kept on the device, and the learner is told so.
  const notice = again.getByTestId('pending-submission');
  await expect(notice.getByRole('heading', { name: t.saved })).toBeVisible();
  expect(submittedAttempts(quizId)).toBe(0);
  // With a worker, its background-sync queue holds a copy too (it can send it with no tab open).
  expect(await workerQueue(again)).toBe(withWorker ? 1 : 0);
  await snap360(again, `offline-saved-${lng}`);

  // The outbox panel lists it, reached from the banner.
  await again.getByTestId('offline-banner').getByRole('link', { name: t.openOutbox }).click();
  await expect(again.getByRole('heading', { name: t.outboxTitle, level: 1 })).toBeVisible();
  const item = again.getByTestId('outbox-item').filter({ hasText: t.kindSubmit });
  await expect(item).toContainText(title);
  await expect(item).toContainText(t.waiting);
  await snap360(again, `offline-outbox-${lng}`);
  await again.goBack();
  await expect(notice).toBeVisible();

  // Back online: it is sent, scored, and the report shows.
  await context.setOffline(false);
  await expect(again).toHaveURL(new RegExp(`/quiz/${quizId}/results$`), { timeout: 20_000 });
  await expect(again.getByText(t.scored, { exact: true })).toBeVisible();
  await expect(again.locator('.score-ring__number')).toHaveText(/^\d+$/);
  await expect(again.getByTestId('offline-banner')).toHaveCount(0);
  // Both copies went (the page's and the worker's); the server scored one.
  await expect.poll(() => workerQueue(again), { timeout: 30_000 }).toBe(0);
  expect(submittedAttempts(quizId)).toBe(1);
}

for (const lng of ['zh-TW', 'en'] as const) {
  test(`${lng}: a quiz taken offline, across a closed tab, is scored once when back online`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(240_000);
    await takeQuizOffline(page, context, request, lng);
  });

  test(`${lng}: an upload made offline waits as a pending card and is sent once back online`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    const t = T[lng];
    await useLanguage(page, lng);
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = await signInNewLearner(page, request, lng, 'offline');
    await page.getByRole('link', { name: t.upload }).first().click();
    await expect(page).toHaveURL(/\/upload-material$/);
    // The page's code has loaded (a page never opened online cannot open offline).
    await expect(page.getByTestId('drop-zone')).toBeVisible();

    await context.setOffline(true);
    const titleText = `Offline upload ${lng}`;
    await page
      .locator('input[type="file"]')
      .setInputFiles(path.join(CORPUS, 'md/zh_audrey_tang_2025_ai_safety_column.md'));
    await page.getByLabel(t.nameLabel).fill(titleText);
    await page.getByRole('button', { name: t.submitUpload, exact: true }).click();

    // Kept on the device: the list shows it as pending.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(t.uploadQueued, { exact: true })).toBeVisible();
    const pending = page.getByTestId('pending-upload');
    await expect(pending).toContainText(titleText);
    await expect(pending).toContainText(t.pendingUpload);
    // The heading counts it apart from the materials (issue 20): none uploaded yet.
    await expect(page.locator('.materials-toolbar__count')).toHaveText(t.waitingCount(1));
    await snap360(page, `offline-upload-pending-${lng}`);

    // Back online: the real material takes the pending card's place, uploaded once.
    await context.setOffline(false);
    await expect(page.getByText(t.uploaded(titleText), { exact: true })).toBeVisible({
      timeout: 60_000,
    });
    await expect(pending).toHaveCount(0);
    await expect(
      page.getByRole('article').filter({ hasText: titleText }).getByRole('link'),
    ).toBeVisible();
    const rows = withServerDb(
      (db) =>
        db
          .prepare(
            'SELECT count(*) AS n FROM materials m JOIN users u ON u.id = m.user_id WHERE u.email = ? AND m.title = ?',
          )
          .get(email, titleText) as { n: number },
    );
    expect(rows.n).toBe(1);
  });
}

/** Quizzes of a material and generations of it on the server, and the keys they were sent with. */
const generatedOnServer = (materialId: string) =>
  withServerDb((db) => ({
    quizzes: (
      db.prepare('SELECT count(*) AS n FROM quizzes WHERE material_id = ?').get(materialId) as {
        n: number;
      }
    ).n,
    generations: db
      .prepare('SELECT status, idempotency_key AS key FROM quiz_generations WHERE material_id = ?')
      .all(materialId) as Array<{ status: string; key: string | null }>,
  }));

for (const lng of ['zh-TW', 'en'] as const) {
  test(`${lng}: a quiz asked for offline waits on the material page and is generated once back online`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    const t = T[lng];
    await useLanguage(page, lng);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInNewLearner(page, request, lng, 'offline');
    const name = `Offline gen ${lng}`;
    const { material } = await uploadMaterial(page, lng, name);

    // Online: the material (kept on the device) and its quiz settings (their code loaded). The
    // app fetches the outbox panel's code in the background a few seconds after a load.
    const panelWarmedUp = page.waitForResponse(
      (r) => /\/assets\/outbox-page-[\w-]+\.js$/.test(r.url()),
      {
        timeout: 30_000,
      },
    );
    await page.goto(`/materials/${material.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('link', { name: t.generate }).first().click();
    await expect(page).toHaveURL(/\/quiz\/new$/);
    // Fully loaded online (its code and strings), as a learner would have seen it.
    await expect(page.getByRole('heading', { level: 1, name: t.settingsTitle })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('button', { name: t.generateNow })).toBeEnabled();
    await panelWarmedUp;

    // The network goes: the button says what will happen, before it is pressed.
    await context.setOffline(true);
    const generate = page.getByRole('button', { name: t.generateLater });
    await expect(generate).toBeVisible();
    await expect(page.getByText(t.generateOfflineHint)).toBeVisible();
    await snap(page, `offline-generate-settings-desktop-${lng}`);
    await snap360(page, `offline-generate-settings-${lng}`);
    await generate.click();

    // Kept on the device: back on the material, shown as pending; nothing reached the server.
    await expect(page).toHaveURL(new RegExp(`/materials/${material.id}$`));
    await expect(page.getByText(t.generateQueued, { exact: true })).toBeVisible();
    const pending = page.getByTestId('pending-generation');
    await expect(pending).toContainText(t.quizTitle(name));
    await expect(pending).toContainText(t.pendingGeneration);
    expect(generatedOnServer(material.id).generations).toEqual([]);
    await snap(page, `offline-generate-pending-desktop-${lng}`);
    await snap360(page, `offline-generate-pending-${lng}`);

    // The outbox panel lists it too.
    await page.getByTestId('offline-banner').getByRole('link', { name: t.openOutbox }).click();
    // …reading like the material page's card: "Waiting to generate" (issue 20).
    const item = page.getByTestId('outbox-item').filter({ hasText: t.kindGenerate });
    await expect(item).toContainText(t.quizTitle(name));
    await expect(item).toContainText(t.pendingGeneration);
    await snap360(page, `offline-outbox-generation-${lng}`);
    await page.goBack();
    await expect(pending).toBeVisible();

    // Back online: it is sent, the quiz is made once, and the toast opens it.
    await context.setOffline(false);
    const toast = page.locator('.toast').filter({ hasText: t.generated(t.quizTitle(name)) });
    await expect(toast).toBeVisible({ timeout: 60_000 });
    await expect(pending).toHaveCount(0);
    // The material's quiz history shows the new quiz in its place.
    await expect(page.locator('.quiz-card').filter({ hasText: t.quizTitle(name) })).toBeVisible();
    await toast.getByRole('link', { name: t.openQuiz }).click();
    await expect(page).toHaveURL(/\/quiz\/[^/]+\/questions$/);
    await expect(page.locator('.question__stem')).toBeVisible();
    // Each key is asked once (decision 0039): a textbook chapter may give a few less than
    // asked, and the quiz says so.
    await expect(page.locator('.quiz-progress__counter')).toHaveText(/^1 \/ (?:[7-9]|10)$/);
    expect(generatedOnServer(material.id)).toEqual({
      quizzes: 1,
      generations: [{ status: 'succeeded', key: expect.any(String) }],
    });
  });

  test(`${lng}: offline, export and payment say they need a network`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    const t = T[lng];
    await useLanguage(page, lng);
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = await signInNewLearner(page, request, lng, 'offline');
    const { materialId, quizId } = await materialWithQuiz(page, lng);
    // A premium learner with a scored attempt: export is hers to use, online.
    withServerDb((db) =>
      db.prepare("UPDATE users SET account_type = 'premium' WHERE email = ?").run(email),
    );
    const token = await tokenOf(context);
    const quiz = (await (
      await page.request.get(`/api/v1/quiz/${quizId}`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { questions: Array<{ id: string; options?: Array<{ id: string }> }> } };
    const first = quiz.data.questions[0]!;
    const submitted = await page.request.post(`/api/v1/quiz/${quizId}/submit`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { answers: [{ questionId: first.id, optionId: first.options![0]!.id }] },
    });
    expect(submitted.status()).toBe(200);

    // Results online: export works as before.
    await page.goto(`/materials/${materialId}/quiz/${quizId}/results`);
    const pdf = page.getByRole('button', { name: t.exportPdf });
    await expect(pdf).toBeEnabled({ timeout: 30_000 });
    await expect(page.getByTestId('export-offline')).toHaveCount(0);

    // Offline: the report still shows from the device; export says it needs the network.
    await context.setOffline(true);
    await expect(pdf).toBeDisabled();
    await expect(page.getByTestId('export-offline')).toHaveText(t.exportOffline);
    await expect(page.locator('.score-ring__number')).toBeVisible();
    await snap360(page, `offline-export-${lng}`);
    await context.setOffline(false);
    await expect(pdf).toBeEnabled();

    // The plans, opened online; offline the subscribe button is disabled and says why.
    await page.goto('/subscription');
    const subscribe = page.locator('.plan-picker__submit');
    await expect(subscribe).toBeEnabled();
    await context.setOffline(true);
    await expect(subscribe).toBeDisabled();
    await expect(page.getByTestId('payment-offline')).toHaveText(t.paymentOffline);
    await snap(page, `offline-payment-desktop-${lng}`);
    await snap360(page, `offline-payment-${lng}`);

    // Opened offline (the worker serves the shell): it says so, and loads once back online.
    if (await workerControls(page)) {
      await page.reload();
      await expect(page.getByText(t.plansOffline)).toBeVisible({ timeout: 15_000 });
      await snap360(page, `offline-plans-${lng}`);
      await context.setOffline(false);
      await expect(subscribe).toBeEnabled({ timeout: 15_000 });
    }
    await context.setOffline(false);
  });
}

test('an offline upload the server refuses is failed in the panel, with retry and discard', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'en');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInNewLearner(page, request, 'en', 'offline');
  await page.getByRole('link', { name: 'Upload new material' }).first().click();
  await expect(page.getByTestId('drop-zone')).toBeVisible();
  await context.setOffline(true);
  await page
    .locator('input[type="file"]')
    .setInputFiles(path.join(CORPUS, 'xlsx/en_password_protected.xlsx'));
  await page.getByRole('button', { name: 'Upload material', exact: true }).click();
  const pending = page.getByTestId('pending-upload');
  await expect(pending).toContainText('Waiting to upload');

  await context.setOffline(false);
  await expect(pending).toContainText('Upload failed', { timeout: 60_000 });
  await expect(pending).toContainText('password-protected');
  await expect(page.getByTestId('offline-banner')).toContainText("1 change couldn't sync");

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: /Pending changes/ }).click();
  const item = page.getByTestId('outbox-item');
  await expect(item).toContainText("Couldn't sync");
  await expect(item).toContainText('The server said:');
  await expect(item.getByRole('button', { name: /^Retry/ })).toBeVisible();
  await snap360(page, 'offline-outbox-failed-en');
  await item.getByRole('button', { name: /^Discard/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('heading', { name: 'Nothing waiting to sync' })).toBeVisible();
});

test.describe('without a service worker', () => {
  // The data never comes from the worker's caches: with it blocked, the same flow works.
  test.use({ serviceWorkers: 'block' });
  test('zh-TW: the quiz flow, the shell from the server and the API unreachable', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(240_000);
    await takeQuizOffline(page, context, request, 'zh-TW');
    expect(test.info().annotations.at(-1)?.description).toMatch(/^no service worker/);
  });
});

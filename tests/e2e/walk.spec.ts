import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, signInNewLearner, test, useLanguage, withServerDb } from './support/fixtures';
import {
  answerByKeyboard,
  sessionToken,
  storedQuestions,
  uploadByApi,
  uploadCorpusFile,
  type Lng,
} from './support/quiz-helpers';
import AxeBuilder from '@axe-core/playwright';

// The walk (issue 20): every journey a new learner takes, screenshotted at 360 and 1280 px in
// both languages into WALK_DIR (default /work/walk-shots, outside the repo) for a person to look
// at, with axe's serious and critical findings written beside them (walk-axe-LNG.json). Slow
// and made for looking, so it runs only when asked: WALK=1 npx playwright test walk.

const OUT = process.env.WALK_DIR ?? '/work/walk-shots';

const T = {
  'zh-TW': {
    file: '../study-corpus/transcripts/zh_digital_resilience_talk.md',
    side: 'md/zh_audrey_tang_2025_ai_safety_column.md',
    third: 'txt/zh_us_constitution_taiwan_phrasing.txt',
    pdf: 'pdf/zh_exam114_fire_science_questions.pdf',
    upload: '上傳教材',
    generate: '產生新測驗',
    count: '5 題',
    language: '繁體中文',
    submit: '產生測驗',
    next: '下一題',
    skip: '跳過',
    finish: '完成測驗',
    submitAnyway: '仍要提交',
    dontKnow: '不知道，看答案',
    check: '確認答案',
    group: '你記得多少？',
    flashcards: '字卡',
    flashResults: '字卡練習',
    know: '我會了',
    learning: '還在學',
    shuffle: '洗牌',
    search: '搜尋教材',
    toggleText: '查看擷取的文字',
    menu: '帳號選單',
    themes: { system: '跟隨系統', light: '淺色', dark: '深色' },
    exportPdf: '匯出 PDF',
    available: '可離線使用',
    continueQuiz: (title: string) => `繼續作答：${title}`,
  },
  en: {
    file: '../study-corpus/transcripts/en_communal_ai_talk.md',
    side: 'md/en_audrey_tang_2025_ai_safety_column.md',
    third: '../study-corpus/textbook/en_ims_ch02_data_design.md',
    pdf: 'pdf/en_tracemonkey_pldi09_2col.pdf',
    upload: 'Upload material',
    generate: 'Generate new quiz',
    count: '5',
    language: 'English',
    submit: 'Generate quiz',
    next: 'Next',
    skip: 'Skip',
    finish: 'Finish quiz',
    submitAnyway: 'Submit anyway',
    dontKnow: "I don't know — show answer",
    check: 'Check answer',
    group: 'How well did you know it?',
    flashcards: 'Flashcards',
    flashResults: 'Flashcards',
    know: 'Know it',
    learning: 'Still learning',
    shuffle: 'Shuffle',
    search: 'Search materials',
    toggleText: 'View extracted text',
    menu: 'Account menu',
    themes: { system: 'Match system', light: 'Light', dark: 'Dark' },
    exportPdf: 'Export PDF',
    available: 'Available offline',
    continueQuiz: (title: string) => `Continue: ${title}`,
  },
} as const;

type Finding = { shot: string; width: number; text: string };

/** Screenshots the page at both widths (full page) and records axe's serious findings. */
function shooter(lng: Lng) {
  const dir = path.join(OUT, lng);
  fs.mkdirSync(dir, { recursive: true });
  const findings: Finding[] = [];
  let n = 0;
  const shoot = async (page: Page, name: string, opts: { keepScroll?: boolean } = {}) => {
    n += 1;
    const file = `${String(n).padStart(2, '0')}-${name}`;
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      if (!opts.keepScroll) await page.evaluate(() => window.scrollTo(0, 0));
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(250);
      await page.screenshot({ path: path.join(dir, `${file}-${width}.png`), fullPage: true });
      const wide = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      if (wide) findings.push({ shot: file, width, text: 'scrolls sideways' });
      try {
        const r = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        for (const v of r.violations)
          if (v.impact === 'serious' || v.impact === 'critical')
            findings.push({
              shot: file,
              width,
              text: `${v.id}: ${v.nodes.map((x) => x.target.join(' ')).join(', ')}`,
            });
      } catch (err) {
        findings.push({ shot: file, width, text: `axe failed: ${String(err).slice(0, 200)}` });
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    fs.writeFileSync(path.join(OUT, `walk-axe-${lng}.json`), JSON.stringify(findings, null, 2));
  };
  return { shoot, findings };
}

/** Runs one part of the walk; a part that fails is noted and the walk goes on. */
async function part(errors: string[], name: string, fn: () => Promise<void>) {
  try {
    await test.step(name, fn);
  } catch (err) {
    errors.push(`${name}: ${String(err).split('\n').slice(0, 4).join(' ')}`);
  }
}

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

async function freshProfile(browser: Browser, token: string, lng: Lng): Promise<BrowserContext> {
  const baseURL = test.info().project.use.baseURL!;
  const context = await browser.newContext({ baseURL, locale: 'zh-TW' });
  await context.addCookies([
    { name: 'mnemo_token', value: encodeURIComponent(token), url: new URL(baseURL).origin },
  ]);
  await context.addInitScript((l) => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', l);
  }, lng);
  return context;
}

for (const lng of ['zh-TW', 'en'] as const) {
  test(`walk: every journey of a new learner in ${lng}`, async ({
    page,
    context,
    request,
    browser,
  }) => {
    test.skip(!process.env.WALK, 'the walk runs only with WALK=1');
    test.setTimeout(900_000);
    const t = T[lng];
    const { shoot } = shooter(lng);
    const errors: string[] = [];
    await useLanguage(page, lng);
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = await signInNewLearner(page, request, lng, 'walker');
    await shoot(page, 'home-empty');

    let materialId = '';
    let quizId = '';
    let quizTitle = '';
    await part(errors, 'upload', async () => {
      await page.goto('/upload-material');
      await shoot(page, 'upload');
      materialId = await uploadCorpusFile(page, t.file, t.upload);
      await shoot(page, 'material-new');
    });

    await part(errors, 'generate', async () => {
      await page.getByRole('link', { name: t.generate }).first().click();
      await page.getByRole('radio', { name: t.count, exact: true }).check();
      await page.getByRole('radio', { name: t.language, exact: true }).check();
      await shoot(page, 'quiz-settings');
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page).toHaveURL(/\/quiz\/[^/]+\/questions$/, { timeout: 120_000 });
      quizId = page.url().split('/').at(-2)!;
    });

    await part(errors, 'take', async () => {
      const questions = storedQuestions(quizId);
      for (const [i, q] of questions.entries()) {
        const last = i === questions.length - 1;
        await expect(page.locator('.question__stem')).toBeVisible();
        if (i === 0) {
          await shoot(page, 'quiz-question-first');
          await page.getByRole('button', { name: t.skip }).click();
          continue;
        }
        await answerByKeyboard(page, q, i !== 1, 'xyzzy');
        if (i === 1 || i === 2) await shoot(page, `quiz-question-${q.type}`);
        await page.getByRole('button', { name: last ? t.finish : t.next }).click();
      }
      const confirm = page.getByRole('button', { name: t.submitAnyway });
      await expect(confirm).toBeVisible();
      await shoot(page, 'quiz-confirm-unanswered', { keepScroll: true });
      await confirm.click();
      await expect(page).toHaveURL(/\/results$/, { timeout: 30_000 });
      await expect(page.locator('.score-ring__number')).toBeVisible();
      quizTitle = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
      await shoot(page, 'quiz-results');
    });

    await part(errors, 'review', async () => {
      await page.goto('/review');
      await expect(page.locator('.review-card')).toBeVisible({ timeout: 15_000 });
      await shoot(page, 'review-card');
      await page.getByRole('button', { name: t.dontKnow }).click();
      const group = page.getByRole('group', { name: t.group });
      await expect(group).toBeVisible();
      await shoot(page, 'review-revealed');
      await page.keyboard.press('3');
      await expect(group.getByRole('button', { pressed: true })).toHaveCount(1);
      await shoot(page, 'review-rated');
    });

    await part(errors, 'quiz flashcards', async () => {
      await page.goto(`/materials/${materialId}/quiz/${quizId}/results`);
      await page.getByRole('link', { name: t.flashResults, exact: true }).click();
      const card = page.locator('button.flashcard');
      await expect(card).toBeVisible({ timeout: 15_000 });
      await shoot(page, 'flashcards-quiz-front');
      await card.focus();
      await page.keyboard.press('Space');
      await shoot(page, 'flashcards-quiz-back');
      await page.keyboard.press('ArrowRight');
      await page.getByRole('button', { name: t.shuffle }).click();
      await shoot(page, 'flashcards-quiz-shuffled');
      await page.getByRole('button', { name: t.learning, exact: true }).click();
      for (let i = 0; i < 10; i++) {
        const know = page.getByRole('button', { name: t.know, exact: true });
        if (!(await know.isVisible())) break;
        await know.click();
      }
      await shoot(page, 'flashcards-quiz-summary');
    });

    await part(errors, 'material flashcards', async () => {
      await page.goto(`/materials/${materialId}`);
      await page.getByRole('link', { name: t.flashcards, exact: true }).first().click();
      await expect(page.locator('button.flashcard, .flash-message').first()).toBeVisible({
        timeout: 30_000,
      });
      await shoot(page, 'flashcards-material');
    });

    await part(errors, 'progress', async () => {
      await page.goto('/progress');
      await expect(page.getByTestId('score-chart')).toBeVisible({ timeout: 15_000 });
      await shoot(page, 'progress');
    });

    const token = await sessionToken(page);
    let pdfId = '';
    await part(errors, 'search', async () => {
      // The search box shows from four materials on.
      await uploadByApi(page, token, t.side);
      await uploadByApi(page, token, t.third);
      pdfId = await uploadByApi(page, token, t.pdf);
      await page.goto('/');
      const box = page.getByRole('searchbox', { name: t.search });
      await expect(box).toBeVisible({ timeout: 15_000 });
      await shoot(page, 'home-materials');
      await box.fill('台灣');
      await page.waitForTimeout(600);
      await shoot(page, 'home-search-tai');
      await box.fill('臺灣');
      await page.waitForTimeout(600);
      await shoot(page, 'home-search-tai-trad');
      await box.fill('zzqx');
      await page.waitForTimeout(600);
      await shoot(page, 'home-search-none');
    });

    await part(errors, 'extracted text', async () => {
      await page.goto(`/materials/${pdfId}`);
      await page.getByRole('button', { name: t.toggleText }).click();
      await page.waitForLoadState('networkidle');
      await shoot(page, 'material-extracted-text');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
      await page.setViewportSize({ width: 360, height: 740 });
      await page.screenshot({ path: path.join(OUT, lng, `xx-extracted-scrolled-360.png`) });
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await part(errors, 'export', async () => {
      withServerDb((db) =>
        db.prepare("UPDATE users SET account_type = 'premium' WHERE email = ?").run(email),
      );
      await page.goto(`/materials/${materialId}/quiz/${quizId}/results`);
      await expect(page.locator('.score-ring__number')).toBeVisible();
      await shoot(page, 'results-premium');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: t.exportPdf }).click();
      const file = await download;
      await file.saveAs(path.join(OUT, lng, 'export.pdf'));
      await shoot(page, 'results-exported', { keepScroll: true });
    });

    await part(errors, 'theme', async () => {
      await page.goto('/');
      await page.getByRole('button', { name: new RegExp(`^${t.menu}`) }).click();
      await shoot(page, 'account-menu');
      await page.getByRole('menuitemradio', { name: t.themes.dark }).click();
      await page.waitForTimeout(300);
      await shoot(page, 'dark-home');
      await page.goto(`/materials/${materialId}`);
      await shoot(page, 'dark-material');
      await page.goto(`/materials/${materialId}/quiz/${quizId}/results`);
      await expect(page.locator('.score-ring__number')).toBeVisible();
      await shoot(page, 'dark-results');
      await page.goto(`/materials/${materialId}/quiz/${quizId}/flashcards`);
      await expect(page.locator('button.flashcard')).toBeVisible({ timeout: 15_000 });
      await shoot(page, 'dark-flashcards');
      await page.goto('/progress');
      await page.waitForLoadState('networkidle');
      await shoot(page, 'dark-progress');
      await page.goto('/review');
      await page.waitForLoadState('networkidle');
      await shoot(page, 'dark-review');
      await page.getByRole('button', { name: new RegExp(`^${t.menu}`) }).click();
      await page.getByRole('menuitemradio', { name: t.themes.light }).click();
      await page.keyboard.press('Escape');
    });

    await part(errors, 'outbox', async () => {
      await page.goto('/outbox');
      await page.waitForLoadState('networkidle');
      await shoot(page, 'outbox-empty');
      await page.goto(`/materials/${materialId}/quiz/${quizId}/flashcards`);
      await expect(page.locator('button.flashcard')).toBeVisible({ timeout: 15_000 });
      await workerReady(page);
      await context.setOffline(true);
      await page.getByRole('button', { name: t.learning, exact: true }).click();
      await shoot(page, 'offline-flashcards', { keepScroll: true });
      await page.getByTestId('offline-banner').getByRole('link').first().click();
      await page.waitForTimeout(500);
      await shoot(page, 'outbox-queued');
      await context.setOffline(false);
    });

    await part(errors, 'offline first use', async () => {
      const fresh = await freshProfile(browser, token, lng);
      const p = await fresh.newPage();
      await p.setViewportSize({ width: 1280, height: 800 });
      await p.goto('/');
      const card = p.getByRole('article').first();
      await expect(p.getByTestId('offline-mark').first()).toHaveText(t.available, {
        timeout: 30_000,
      });
      await workerReady(p);
      await fresh.setOffline(true);
      await p.waitForTimeout(500);
      await shoot(p, 'offline-home');
      await p
        .getByRole('article')
        .filter({ hasText: path.basename(t.file, '.md') })
        .getByRole('link')
        .first()
        .click()
        .catch(() => card.getByRole('link').first().click());
      await p.waitForTimeout(800);
      await shoot(p, 'offline-material');
      const cont = p.getByRole('link', { name: new RegExp(quizTitle ? `${quizTitle}` : '.') });
      if (await cont.first().isVisible()) {
        await p.goto(`/materials/${materialId}/quiz/${quizId}/questions`);
        await p.waitForTimeout(1500);
        await shoot(p, 'offline-quiz');
      }
      await fresh.close();
    });

    fs.writeFileSync(path.join(OUT, `walk-errors-${lng}.json`), JSON.stringify(errors, null, 2));
    expect(errors).toEqual([]);
  });
}

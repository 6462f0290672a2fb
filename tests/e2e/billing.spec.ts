import type { Page } from '@playwright/test';
import { expect, test, useLanguage } from './support/fixtures';
import {
  sessionToken,
  signInNewLearner,
  snapWidths,
  storedQuestions,
  uploadByApi,
  type Lng,
  type StoredQuestion,
} from './support/quiz-helpers';

// Issue 6 through the built-in demo checkout: a free learner with a locked report subscribes
// with a test Visa, the report opens up without a reload, then the learner cancels at period
// end in the demo portal and stays premium until then. A declined card leaves the learner free.

const FILE = 'txt/zh_us_constitution_taiwan_phrasing.txt';
const VISA = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

const T = {
  'zh-TW': {
    locked: '內容已鎖定，請升級為會員以查看詳細分析。',
    lockedShort: '會員專屬詳解',
    upgrade: '升級會員',
    free: '免費版',
    freeUsage: '免費次數',
    premium: '進階版',
    plansTitle: '選擇適合你的方案',
    monthly: '月訂閱',
    yearly: '年訂閱',
    freePlan: '免費方案',
    yourPlan: '目前方案',
    perMonth: '/ 月',
    subscribe: '選擇月訂閱並付款',
    demoBanner: '這是示範結帳頁面',
    noMoney: '不會真的扣款',
    checkout: '結帳',
    dueToday: '今日應付',
    holder: '王小明',
    visa: '卡別：Visa',
    pay: (amount: string) => `支付 ${amount}`,
    success: '付款成功！',
    countdown: /^[1-5] 秒後自動回到首頁$/,
    stay: '留在此頁',
    stayed: '已停止自動跳轉。',
    explanation: '詳解',
    related: '相關概念',
    source: (l: StoredQuestion['citation']['location']) =>
      l.kind === 'paragraph' ? `出處：第 ${l.index} 段` : /^出處：/,
    subscriber: '你的訂閱',
    currentPlan: '目前的方案',
    active: '使用中',
    nextPayment: '下次付款日',
    endsOn: '結束日',
    ending: '將於期末結束',
    manage: '管理訂閱',
    portalBanner: '這是示範訂閱管理頁面',
    cancelAtEnd: '在本期結束時取消',
    confirmTitle: '要取消訂閱嗎？',
    confirmBody: (d: string) =>
      `你的進階版會持續到 ${d}，之後改回免費版。在那之前隨時可以恢復訂閱。`,
    confirm: '確認取消',
    cancelled: (d: string) => `已設定在 ${d} 結束訂閱。`,
    resume: '恢復訂閱',
    backToMnemo: '返回 Mnemo',
    endsNotice: (d: string) => `你的方案將在 ${d} 結束，在那之前仍可使用所有進階功能。`,
    exists: '你已經有一個使用中的方案（月訂閱），請先取消該方案，再訂閱新的方案。',
    existsApi: '您已有啟用中或處理中的訂閱方案，請先取消現有方案後再訂閱新方案。',
    declined: '這張卡被拒絕了，沒有扣款。請改用其他卡片。',
    cancelCheckout: '取消並返回',
    failed: '付款未完成',
    cancelReason: '付款已取消，你沒有被收取任何費用。',
    retry: '重新訂閱',
    home: '回到首頁',
    materials: '我的教材',
  },
  en: {
    locked: 'Content locked. Please upgrade to a membership to view detailed analysis.',
    lockedShort: 'Members-only explanation',
    upgrade: 'Upgrade',
    free: 'Free',
    freeUsage: 'Free quizzes',
    premium: 'Premium',
    plansTitle: 'Choose your plan',
    monthly: 'Monthly',
    yearly: 'Yearly',
    freePlan: 'Free',
    yourPlan: 'Your plan',
    perMonth: '/ month',
    subscribe: 'Subscribe to Monthly',
    demoBanner: 'This is a demo checkout',
    noMoney: 'no money moves',
    checkout: 'Checkout',
    dueToday: 'Due today',
    holder: 'Ada Lovelace',
    visa: 'Card type: Visa',
    pay: (amount: string) => `Pay ${amount}`,
    success: 'Payment successful!',
    countdown: /^Returning to the home page in [1-5] seconds?$/,
    stay: 'Stay on this page',
    stayed: 'Automatic redirect stopped.',
    explanation: 'Explanation',
    related: 'Related concepts',
    source: (l: StoredQuestion['citation']['location']) =>
      l.kind === 'paragraph' ? `Source: Paragraph ${l.index}` : /^Source: /,
    subscriber: 'Your subscription',
    currentPlan: 'Current plan',
    active: 'Active',
    nextPayment: 'Next payment',
    endsOn: 'Ends on',
    ending: 'Ending at period end',
    manage: 'Manage subscription',
    portalBanner: 'This is a demo subscription portal',
    cancelAtEnd: 'Cancel at period end',
    confirmTitle: 'Cancel your subscription?',
    confirmBody: (d: string) =>
      `You keep Premium until ${d}, then the account goes back to Free. You can resume any time before then.`,
    confirm: 'Cancel subscription',
    cancelled: (d: string) => `Your subscription will end on ${d}.`,
    resume: 'Resume subscription',
    backToMnemo: 'Back to Mnemo',
    endsNotice: (d: string) => `Your plan ends on ${d}. Until then you keep every Premium feature.`,
    exists:
      'You already have a plan (Monthly, Active) that is active or being processed. Please cancel it before subscribing to a new one.',
    existsApi:
      'You already have an active or processing subscription plan. Please cancel it before subscribing to a new one.',
    declined: 'This card was declined and nothing was charged. Try another card.',
    cancelCheckout: 'Cancel and go back',
    failed: 'Payment not completed',
    cancelReason: 'Payment cancelled. You have not been charged.',
    retry: 'Try again',
    home: 'Go to home',
    materials: 'My materials',
  },
} as const;

interface PlanRow {
  id: string;
  period_type: 'month' | 'year' | null;
  currency: string;
  list_price: number;
  price: number;
  offer_active: boolean;
}

interface Status {
  hasActiveSubscription: boolean;
  subscription: {
    name: string;
    status: string;
    currentPeriodEnd: string | number;
    cancelAtPeriodEnd: boolean;
  } | null;
}

/** Calls the API as the signed-in learner (the token from the app's cookie). */
async function asLearner(page: Page, lng: Lng) {
  const token = await sessionToken(page);
  const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': lng };
  return {
    token,
    get: async <D>(url: string) => {
      const res = await page.request.get(url, { headers });
      expect(res.status(), url).toBe(200);
      return ((await res.json()) as { data: D }).data;
    },
    post: (url: string, data: unknown) => page.request.post(url, { headers, data }),
  };
}

type Api = Awaited<ReturnType<typeof asLearner>>;

/** An amount as the app formats it (Intl currency, symbol), e.g. CA$9.99. */
const money = (amount: number, currency: string, lng: Lng) =>
  new Intl.NumberFormat(lng, { style: 'currency', currency, currencyDisplay: 'symbol' }).format(
    amount,
  );

/** A day as the app shows it (YYYY.MM.DD in the browser's time zone). */
const dayInBrowser = (page: Page, value: string | number) =>
  page.evaluate((v) => {
    const d = new Date(typeof v === 'number' && v < 1e12 ? v * 1000 : v);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}.${p(d.getMonth() + 1)}.${p(d.getDate())}`;
  }, value);

/** This month, three years on, as MM/YY: a card expiry the checkout accepts. */
function futureExpiry() {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String((d.getFullYear() + 3) % 100).padStart(2, '0')}`;
}

/**
 * A quiz the learner has taken, made through the API: five multiple-choice and true/false
 * questions from a real document, three answered right, one wrong (the third), one left out.
 */
async function takenQuiz(page: Page, api: Api) {
  const materialId = await uploadByApi(page, api.token, FILE);
  const gen = await api.post('/api/v1/quiz/generate', {
    materialId,
    title: 'billing e2e',
    questionCount: 5,
    questionTypes: ['multiple_choice', 'true_false'],
    language: 'zh-TW',
  });
  expect(gen.status()).toBe(201);
  const quizId = ((await gen.json()) as { data: { quizId: string } }).data.quizId;
  const questions = storedQuestions(quizId);
  expect(questions).toHaveLength(5);
  const answers = questions.slice(0, 4).map((q, i) => {
    const ids = q.options!.map((o) => o.id);
    const key = q.correctOptionId!;
    const pick = i === 2 ? ids.find((id) => id !== key)! : key;
    return q.type === 'true_false'
      ? { questionId: q.id, answer: pick }
      : { questionId: q.id, optionId: pick };
  });
  const submit = await api.post(`/api/v1/quiz/${quizId}/submit`, { answers });
  expect(submit.status()).toBe(200);
  const report = ((await submit.json()) as { data: { locked: boolean; score: number } }).data;
  expect(report).toMatchObject({ locked: true, score: 60 });
  return { questions, resultsUrl: `/materials/${materialId}/quiz/${quizId}/results` };
}

/** Types the card into the demo checkout field by field, moving on with Tab as a learner does. */
async function typeCard(page: Page, holder: string, number: string) {
  const expiry = futureExpiry();
  await page.locator('#card-name').click();
  await page.keyboard.type(holder);
  for (const [id, text, shown] of [
    ['#card-number', number, number],
    ['#card-expiry', expiry.replace('/', ''), expiry],
    ['#card-cvc', '123', '123'],
  ] as const) {
    await page.keyboard.press('Tab');
    await expect(page.locator(id)).toBeFocused();
    await page.keyboard.type(text);
    await expect(page.locator(id)).toHaveValue(shown);
  }
  await expect(page.locator('#card-name')).toHaveValue(holder);
}

/** From the subscription page (monthly preselected) to the demo checkout. */
async function toCheckout(page: Page, lng: Lng) {
  const t = T[lng];
  await expect(page.getByRole('radio', { name: new RegExp(t.monthly) })).toBeChecked();
  await page.getByRole('button', { name: t.subscribe }).click();
  await expect(page).toHaveURL(/\/demo\/checkout\/[^/?]+$/);
  await expect(page.getByRole('heading', { name: t.checkout, level: 1 })).toBeVisible();
  const banner = page.getByRole('region', { name: new RegExp(t.demoBanner) });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(t.noMoney);
}

/**
 * Screenshots at 1280 and 360 px: every screen in zh-TW; in English only the two with the most
 * text, to keep the run short.
 */
const shoot = (page: Page, name: string, lng: Lng) =>
  lng === 'zh-TW' || name === 'billing-subscription' || name === 'billing-checkout'
    ? snapWidths(page, name, lng)
    : Promise.resolve();

for (const lng of ['zh-TW', 'en'] as const) {
  test(`${lng}: a free learner subscribes with a test Visa, sees the explanations, cancels at period end`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = T[lng];
    await useLanguage(page, lng);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInNewLearner(page, request, lng);
    const api = await asLearner(page, lng);
    const { questions, resultsUrl } = await takenQuiz(page, api);

    // Free: the report is locked, and the header says free with one of three quizzes used.
    await page.goto(resultsUrl);
    const items = page.locator('ol.result-list > li');
    await expect(items).toHaveCount(5);
    await expect(page.getByText(t.locked, { exact: true })).toBeVisible();
    const wrong = items.nth(2);
    await expect(wrong.getByText(t.lockedShort)).toBeVisible();
    await expect(page.locator('.result-explain')).toHaveCount(0);
    expect(await page.content()).not.toContain(questions[2]!.explanation.slice(0, 30));
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: new RegExp(`^${t.free}`) })).toBeVisible();
    await expect(header.locator('.usage-counter')).toContainText(`${t.freeUsage} 1/3`);

    // The plans: monthly preselected, the price charged today, the free plan marked as theirs.
    await page.getByRole('link', { name: t.upgrade }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByRole('heading', { name: t.plansTitle, level: 1 })).toBeVisible();
    const plans = await api.get<PlanRow[]>('/api/v1/subscription/plans');
    const monthlyPlan = plans.find((p) => p.period_type === 'month')!;
    const yearlyPlan = plans.find((p) => p.period_type === 'year')!;
    const monthlyRadio = page.getByRole('radio', { name: new RegExp(t.monthly) });
    const yearlyRadio = page.getByRole('radio', { name: new RegExp(t.yearly) });
    await expect(monthlyRadio).toBeChecked();
    await expect(yearlyRadio).not.toBeChecked();
    const monthlyCard = page.locator('.plan-option').filter({ has: monthlyRadio });
    const amount = money(monthlyPlan.price, monthlyPlan.currency, lng);
    await expect(monthlyCard.locator('.plan-price__amount')).toHaveText(amount);
    await expect(monthlyCard).toContainText(t.perMonth);
    // The list price is struck through only while the offer runs (its end date is data).
    await expect(monthlyCard.locator('s')).toHaveCount(monthlyPlan.offer_active ? 1 : 0);
    if (monthlyPlan.offer_active) {
      await expect(monthlyCard.locator('s')).toHaveText(
        money(monthlyPlan.list_price, monthlyPlan.currency, lng),
      );
    }
    await expect(
      page.locator('.plan-option').filter({ hasText: t.freePlan }).first(),
    ).toContainText(t.yourPlan);
    await shoot(page, 'billing-subscription', lng);

    // A second tab left on the plans, to try again once the first tab has paid.
    const tab = await page.context().newPage();
    await tab.goto('/subscription');
    await expect(tab.getByRole('radio', { name: new RegExp(t.monthly) })).toBeChecked();

    // Demo checkout: says it is a demo, shows what is bought; the card is typed in.
    await toCheckout(page, lng);
    const summary = page.locator('.order-summary');
    await expect(summary).toContainText(t.monthly);
    await expect(summary).toContainText(`${t.dueToday}${amount}`);
    await typeCard(page, t.holder, VISA);
    await expect(page.locator('#card-number-brand')).toHaveText(t.visa);
    await shoot(page, 'billing-checkout', lng);

    // Pay (Enter in the last field submits, as a keyboard user would; zh-TW clicks).
    const pay = page.getByRole('button', { name: t.pay(amount) });
    await expect(pay).toBeEnabled();
    if (lng === 'en') await page.locator('#card-cvc').press('Enter');
    else await pay.click();
    await expect(page).toHaveURL(/\/payment\/result\?status=success&session_id=/, {
      timeout: 15_000,
    });
    await expect(page.getByRole('heading', { name: t.success, level: 1 })).toBeVisible();
    // The 5 s countdown home runs; stop it so the page can be looked at.
    await expect(page.locator('.payment-result__countdown p')).toHaveText(t.countdown);
    await page.getByRole('button', { name: t.stay }).click();
    await expect(page.getByText(t.stayed)).toBeVisible();
    // The header follows the payment by itself: premium, no free counter.
    await expect(header.getByRole('link', { name: t.premium, exact: true })).toBeVisible();
    await expect(header).not.toContainText(t.freeUsage);
    await shoot(page, 'billing-result-success', lng);

    // A second subscription is refused: by the API, and in the tab still showing the plans.
    const again = await api.post('/api/v1/subscription/create', {
      planId: yearlyPlan.id,
      periodType: 'year',
    });
    expect(again.status()).toBe(409);
    expect(await again.json()).toMatchObject({
      code: 'SUBSCRIPTION_EXISTS',
      message: t.existsApi,
      planName: t.monthly,
      status: 'active',
    });
    await tab.getByRole('button', { name: t.subscribe }).click();
    await expect(tab.getByRole('alert')).toHaveText(t.exists);
    await expect(tab).toHaveURL(/\/subscription$/);
    await tab.close();

    // The same report now carries the explanation, the cited quote and related concepts.
    await page.goto(resultsUrl);
    await expect(page.getByText(t.locked, { exact: true })).toHaveCount(0);
    const q = questions[2]!;
    await expect(wrong.getByRole('heading', { name: t.explanation })).toBeVisible();
    await expect(wrong.locator('.result-explain__text')).toHaveText(q.explanation);
    await expect(wrong.locator('blockquote')).toHaveText(q.citation.quote);
    await expect(wrong.locator('figcaption')).toHaveText(t.source(q.citation.location));
    await expect(wrong.getByRole('heading', { name: t.related })).toBeVisible();
    await expect(wrong.locator('.concept-chip')).toHaveText(q.relatedConcepts);
    await expect(wrong.getByText(t.lockedShort)).toHaveCount(0);

    // The subscription page now shows the current plan; the badge leads there.
    await header.getByRole('link', { name: t.premium, exact: true }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByRole('heading', { name: t.subscriber, level: 1 })).toBeVisible();
    const status = await api.get<Status>('/api/v1/subscription/status');
    expect(status).toMatchObject({
      hasActiveSubscription: true,
      subscription: { status: 'active', cancelAtPeriodEnd: false },
    });
    const end = await dayInBrowser(page, status.subscription!.currentPeriodEnd);
    const card = page.getByRole('region', { name: t.currentPlan });
    await expect(card).toContainText(t.monthly);
    await expect(card.locator('.subscription-facts')).toContainText(t.active);
    await expect(card.locator('.subscription-facts')).toContainText(`${t.nextPayment}${end}`);
    await expect(page.getByRole('radio')).toHaveCount(0);

    // Manage → the demo portal → cancel at period end, confirmed.
    await card.getByRole('button', { name: t.manage }).click();
    await expect(page).toHaveURL(/\/demo\/portal\/[^/?]+$/);
    await expect(page.getByRole('heading', { name: t.manage, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: new RegExp(t.portalBanner) })).toBeVisible();
    await shoot(page, 'billing-portal', lng);
    await page.getByRole('button', { name: t.cancelAtEnd }).click();
    const dialog = page.getByRole('dialog', { name: t.confirmTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(t.confirmBody(end));
    await dialog.getByRole('button', { name: t.confirm }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(t.cancelled(end), { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: t.resume })).toBeVisible();
    await expect(page.locator('.subscription-facts')).toContainText(`${t.endsOn}${end}`);

    // Back in Mnemo: the plan ends on the period end date, and the learner is still premium.
    await page.getByRole('link', { name: t.backToMnemo }).first().click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByText(t.endsNotice(end), { exact: true })).toBeVisible();
    await expect(page.locator('.subscription-facts')).toContainText(`${t.endsOn}${end}`);
    await expect(page.locator('.subscription-facts')).toContainText(t.ending);
    await expect(header.getByRole('link', { name: t.premium, exact: true })).toBeVisible();
    expect(await api.get<Status>('/api/v1/subscription/status')).toMatchObject({
      hasActiveSubscription: true,
      subscription: { cancelAtPeriodEnd: true },
    });
    expect(await api.get<{ account_type: string }>('/api/v1/user/profile')).toMatchObject({
      account_type: 'premium',
    });
    await shoot(page, 'billing-current-plan-ending', lng);
  });
}

test('zh-TW: a declined card shows at the card field, the learner stays free; cancelling shows the failed view', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const lng = 'zh-TW';
  const t = T[lng];
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInNewLearner(page, request, lng);
  const api = await asLearner(page, lng);
  const header = page.getByRole('banner');

  await page.goto('/subscription');
  await toCheckout(page, lng);
  await typeCard(page, t.holder, DECLINED);
  await page.getByRole('button', { name: new RegExp(`^${t.pay('')}`) }).click();

  // The decline is told at the card number, which takes the focus; nothing is paid.
  const number = page.locator('#card-number');
  await expect(number).toHaveAccessibleDescription(new RegExp(t.declined));
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toBeFocused();
  await expect(page.locator('#card-number-error')).toHaveText(t.declined);
  await expect(page).toHaveURL(/\/demo\/checkout\/[^/?]+$/);
  expect(await api.get<Status>('/api/v1/subscription/status')).toMatchObject({
    hasActiveSubscription: false,
  });
  expect(await api.get<{ account_type: string }>('/api/v1/user/profile')).toMatchObject({
    account_type: 'free',
  });
  await expect(header.getByRole('link', { name: new RegExp(`^${t.free}`) })).toBeVisible();
  await snapWidths(page, 'billing-checkout-declined', lng);

  // Cancel: the failed view with retry and home, counting down to home.
  await page.getByRole('button', { name: t.cancelCheckout }).click();
  await expect(page).toHaveURL(/\/payment\/result\?status=cancel$/);
  await expect(page.getByRole('heading', { name: t.failed, level: 1 })).toBeVisible();
  await expect(page.locator('.payment-result__countdown p')).toHaveText(t.countdown);
  await page.getByRole('button', { name: t.stay }).click();
  await expect(page.getByRole('alert')).toContainText(t.cancelReason);
  await expect(page.getByRole('link', { name: t.retry })).toHaveAttribute('href', '/subscription');
  await expect(page.getByRole('link', { name: t.home })).toHaveAttribute('href', '/');
  await snapWidths(page, 'billing-result-failed', lng);
  await expect(header.getByRole('link', { name: new RegExp(`^${t.free}`) })).toBeVisible();

  // Retry leads back to the plans; left alone, the failed view goes home after 5 s.
  await page.getByRole('link', { name: t.retry }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole('radio', { name: new RegExp(t.monthly) })).toBeChecked();
  await page.goto('/payment/result?status=cancel');
  await expect(page.getByRole('heading', { name: t.failed, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 8_000 });
  await expect(page.getByRole('heading', { name: t.materials, level: 1 })).toBeVisible();
});

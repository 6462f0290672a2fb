import { expect, expectAccessible, snap, test, useLanguage } from './support/fixtures';
import { sessionToken, signInNewLearner, uploadByApi } from './support/quiz-helpers';

// Issue 20: the loading view starts the generation with `Prefer: respond-async` (202 at once)
// and only then follows it, so it never asks about a generation the server does not have yet:
// no 404 in the console, even when the server is slow to answer. Spec §9: when the quiz is
// ready the view says so (100 %) and then opens the questions.
test('en: the loading view follows a queued generation without a 404 and goes on once it is ready', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'en');
  await page.setViewportSize({ width: 360, height: 740 });
  await signInNewLearner(page, request, 'en');
  const materialId = await uploadByApi(
    page,
    await sessionToken(page),
    '../study-corpus/textbook/en_ims_ch02_data_design.md',
  );

  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  const notFound: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 404) notFound.push(res.url());
  });

  // A slow server: the start answers late, and the first look at the generation is held until
  // the loading view has been looked at.
  await page.route(
    '**/api/v1/quiz/generate',
    async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    },
    { times: 1 },
  );
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const polls: string[] = [];
  await page.route('**/api/v1/quiz/generations/*', async (route) => {
    polls.push(route.request().url());
    await held;
    await route.continue();
  });

  await page.goto(`/materials/${materialId}/quiz/new`);
  const start = page.waitForRequest('**/api/v1/quiz/generate');
  await page.getByRole('button', { name: 'Generate quiz' }).click();
  const post = await start;
  expect(await post.headerValue('prefer')).toBe('respond-async');
  await expect(page).toHaveURL(new RegExp(`/materials/${materialId}/quiz/loading$`));
  const bar = page.getByRole('progressbar', { name: 'Quiz generation progress' });
  await expect(bar).toBeVisible();

  // Nothing is polled before the server answered for the generation; then it is followed.
  const answer = await post.response();
  expect(answer?.status()).toBe(202);
  const generationId = ((await answer!.json()) as { data: { id: string } }).data.id;
  await expect.poll(() => polls.length).toBeGreaterThan(0);
  expect(polls.every((url) => url.endsWith(`/generations/${generationId}`))).toBe(true);
  await snap(page, 'generation-loading-360-en');
  release();

  // Ready: the view says so at 100 %, then the questions open.
  await expect(page.getByRole('heading', { name: 'Your quiz is ready!' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(page).toHaveURL(/\/quiz\/[^/]+\/questions$/);
  await expectAccessible(page, 'questions after generation');

  expect(notFound).toEqual([]);
  expect(consoleErrors.filter((m) => /404|Not Found/i.test(m))).toEqual([]);
});

import { expect, expectAccessible, snap, test, useLanguage } from './support/fixtures';

test('the demo opens in a dialog that plays the recorded walkthrough and closes with Escape', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: '觀看示範' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('video source')).toHaveAttribute('src', /\/demo\/mnemo-demo\.webm/);
  const video = await page.request.get('/demo/mnemo-demo.webm');
  expect(video.status()).toBe(200);
  expect((await video.body()).length).toBeGreaterThan(50_000);
  await expectAccessible(page, 'demo dialog');
  await snap(page, 'demo-dialog-1280-zh-TW');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('legal pages have every section of the spec and a way back', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Privacy/i);
  await expect(page.getByText(/2025\.05\.10/).first()).toBeVisible();
  for (const section of [
    'collect',
    'use',
    'secur',
    'shar',
    'AI',
    'third',
    'right',
    'update',
    'contact',
  ]) {
    await expect(
      page.getByRole('heading', { level: 2, name: new RegExp(section, 'i') }).first(),
    ).toBeVisible();
  }
  await expect(page.locator('a[href^="mailto:"]').first()).toBeVisible();
  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Terms/i);
  expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(10);
  await page.getByRole('button', { name: /Back/i }).first().click();
  await expect(page).toHaveURL(/privacy-policy|\/$/);
});

test('the group-plan form validates, sends, and thanks the visitor', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /送出/ }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await snap(page, 'contact-errors-1280-zh-TW');
  await page.getByLabel(/姓名/).fill('林怡君');
  await page.getByLabel(/電子郵件/).fill('yijun@example.com');
  await page.getByLabel(/單位/).fill('臺北市立建國高級中學');
  await page.getByLabel(/人數/).selectOption('21-50人');
  await page.getByLabel('想了解的內容').fill('想了解高一導師的團體方案與教育優惠。');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /送出/ }).click();
  await expect(page.getByRole('heading', { name: /謝謝|感謝/ })).toBeVisible({ timeout: 10_000 });
});

import { expect, snap, test, uniqueEmail, useLanguage } from './support/fixtures';

// The pages a visitor meets first, at a phone's and a laptop's width, in both languages.
const widths = [360, 1280] as const;
const languages = ['zh-TW', 'en'] as const;

for (const lng of languages) {
  for (const width of widths) {
    test(`welcome, login, register and reset pages look right at ${width}px in ${lng}`, async ({
      page,
    }) => {
      await useLanguage(page, lng);
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await snap(page, `welcome-${width}-${lng}`);
      const noSideScroll = () =>
        page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(await noSideScroll()).toBe(true);

      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await snap(page, `login-${width}-${lng}`);
      expect(await noSideScroll()).toBe(true);

      await page.goto('/login?register=true');
      await page
        .getByRole('button', { name: lng === 'en' ? 'Register' : '註冊', exact: true })
        .click();
      await snap(page, `register-errors-${width}-${lng}`);

      await page.goto('/reset-password?token=not-a-real-token');
      await expect(page.getByTestId('reset-token-error')).toBeVisible();
      await snap(page, `reset-invalid-${width}-${lng}`);
    });
  }
}

test('the reset form and the signed-in header look right at both widths', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('looker');
  const reg = await request.post('/api/v1/auth/register', {
    data: { email, password: 'study2026', name: 'looker', locale: 'zh-TW' },
  });
  expect(reg.status()).toBe(201);
  await request.post('/api/v1/auth/forgot-password', { data: { email } });
  const { linkFromOutbox } = await import('./support/fixtures');
  const resetLink = await linkFromOutbox(email, '/reset-password?token=');
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.goto(resetLink);
    await expect(page.getByLabel('新密碼')).toBeVisible();
    await snap(page, `reset-form-${width}-zh-TW`);
  }
  await page.getByLabel('新密碼').fill('review2027');
  await page.getByLabel('確認密碼').fill('review2027');
  await page.getByRole('button', { name: '重設密碼' }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: 6000 });
  await page.getByLabel('電子郵件').fill(email);
  await page.getByLabel('密碼', { exact: true }).fill('review2027');
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  await expect(page.getByRole('button', { name: '帳號選單' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('登入成功')).toBeHidden({ timeout: 5000 }); // the 2 s toast
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await snap(page, `home-signed-in-${width}-zh-TW`);
  }
  await page.getByRole('button', { name: '帳號選單' }).click();
  await expect(page.getByRole('menuitem', { name: '登出' })).toBeVisible();
  await snap(page, 'account-menu-1280-zh-TW');
});

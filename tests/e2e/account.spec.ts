import type { Page } from '@playwright/test';
import { expect, linkFromOutbox, snap, test, uniqueEmail } from './support/fixtures';

const PASSWORD = 'study2026';
const NEW_PASSWORD = 'review2027';

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('電子郵件').fill(email);
  await page.getByLabel('密碼', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
}

/** Registers through the UI and returns after the success notice. */
async function register(page: Page, email: string) {
  await page.getByLabel('電子郵件').fill(email);
  await page.getByLabel('密碼', { exact: true }).fill(PASSWORD);
  await page.getByLabel('確認密碼').fill(PASSWORD);
  await page.getByRole('button', { name: '註冊', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '註冊成功' }).first()).toBeVisible();
}

test('a newcomer registers, verifies from the e-mail, logs in, switches language and logs out', async ({
  page,
}) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: '免費註冊' }).first().click();
  await expect(page).toHaveURL(/\/login\?register=true/);
  await expect(page.getByRole('heading', { name: '註冊', level: 1 })).toBeVisible();

  // Bad input first: the spec's messages, nothing sent.
  await page.getByLabel('電子郵件').fill('not-an-email');
  await page.getByLabel('密碼', { exact: true }).fill('short');
  await page.getByLabel('確認密碼').fill('different');
  await page.getByRole('button', { name: '註冊', exact: true }).click();
  await expect(page.getByText('電子郵件格式不正確')).toBeVisible();
  await expect(page.getByText(/密碼至少需 8 個字元/)).toBeVisible();

  await register(page, email);
  // Two seconds later the screen returns to login.
  await expect(page.getByRole('heading', { name: '登入', level: 1 })).toBeVisible({
    timeout: 5000,
  });

  // Logging in before verifying is refused and offers to resend.
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('button', { name: '重新寄送驗證信' })).toBeVisible();

  // Resending says so once: the banner that offered it, with no toast on top of it.
  await expect(page.locator('.toast')).toHaveCount(0, { timeout: 5000 });
  await page.getByRole('button', { name: '重新寄送驗證信' }).click();
  await expect(page.getByRole('button', { name: '重新寄送驗證信' })).toBeHidden();
  await expect(page.getByTestId('login-notice')).toBeVisible();
  await expect(page.getByTestId('login-notice')).toContainText('重新寄出');
  await expect(page.locator('.toast')).toHaveCount(0);

  const link = await linkFromOutbox(email, '/api/v1/auth/verify-email?token=');
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?verified=true/);
  await expect(page.getByTestId('auth-notice')).toBeVisible();

  // The same link again (a second click, another device): already verified, log in.
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?verified=already/);
  await expect(page.getByTestId('auth-notice')).toContainText('已經驗證過');

  // On a 360 px phone the success toast sits below the header, covering none of its controls.
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, email, PASSWORD);
  const toastBox = await page.locator('.toast').first().boundingBox();
  const headerBox = await page.getByRole('banner').boundingBox();
  expect(toastBox && headerBox && toastBox.y >= headerBox.y + headerBox.height - 1).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  const menu = page.getByRole('button', { name: '帳號選單' });
  await expect(menu).toBeVisible();
  await expect(menu).toContainText('NE');
  await expect(page.getByRole('banner')).toContainText('0/3');

  // Language: texts change, and the choice survives a reload.
  await page.getByRole('combobox', { name: '語言' }).selectOption('en');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');

  // Appearance: dark chosen in the menu stays dark after a reload; "match system" follows the
  // system again (light here).
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await snap(page, 'account-menu-dark-1280-en');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitemradio', { name: 'Match system' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.keyboard.press('Escape');

  // Logout clears the session and returns to the welcome page.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'mnemo_token')).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('mnemo_user'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
});

test('forgot password → reset from the e-mail → log in with the new password', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await page.goto('/login?register=true');
  await register(page, email);
  await page.goto(await linkFromOutbox(email, 'verify-email?token='));
  await expect(page).toHaveURL(/verified=true/);

  await page.getByRole('button', { name: '忘記密碼？' }).click();
  await expect(page.getByRole('heading', { name: '忘記密碼', level: 1 })).toBeVisible();
  await page.getByLabel('電子郵件').fill(email);
  await page.getByRole('button', { name: '寄送重設連結' }).click();
  await expect(page.getByTestId('forgot-notice')).toBeVisible();
  await expect(page.getByLabel('電子郵件')).toBeDisabled();

  const resetLink = await linkFromOutbox(email, '/reset-password?token=');
  await page.goto(resetLink);
  await expect(page.getByRole('heading', { name: '重設密碼', level: 1 })).toBeVisible();
  await page.getByLabel('新密碼').fill(NEW_PASSWORD);
  await page.getByLabel('確認密碼').fill('mismatch99');
  await page.getByRole('button', { name: '重設密碼' }).click();
  await expect(page.getByText('密碼不一致')).toBeVisible();
  await page.getByLabel('確認密碼').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: '重設密碼' }).click();
  await expect(page.getByTestId('reset-notice')).toBeVisible();
  await expect(page).toHaveURL(/\/login/, { timeout: 6000 });

  // The link works once.
  await page.goto(resetLink);
  await expect(page.getByTestId('reset-token-error')).toBeVisible();
  await page.getByRole('button', { name: '再試一次' }).click();
  await expect(page).toHaveURL(/forgotPassword=true/);

  await page.goto('/login');
  await logIn(page, email, PASSWORD);
  await expect(page.getByTestId('login-notice')).toBeVisible();
  await logIn(page, email, NEW_PASSWORD);
  await expect(page.getByRole('button', { name: '帳號選單' })).toBeVisible({ timeout: 5000 });
});

test('a protected page sends a visitor to log in and back again', async ({ page }) => {
  const email = uniqueEmail('returning');
  await page.goto('/login?register=true');
  await register(page, email);
  await page.goto(await linkFromOutbox(email, 'verify-email?token='));
  await expect(page).toHaveURL(/verified=true/);
  await page.goto('/upload-material');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fupload-material$/);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/upload-material$/, { timeout: 5000 });
  await expect(page.getByRole('button', { name: '帳號選單' })).toBeVisible();
});

test('unknown paths go home and Google sign-in says it is not configured', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await page.getByRole('button', { name: '使用 Google 帳戶繼續' }).click();
  await expect(page.getByTestId('social-notice')).toContainText('Google');
  await expect(page).toHaveURL(/\/login$/);
});

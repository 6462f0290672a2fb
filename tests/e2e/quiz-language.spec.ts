import { expect, snap, test, useLanguage } from './support/fixtures';
import { sessionToken, signInNewLearner, uploadByApi } from './support/quiz-helpers';

// Language honesty (issue 16): the built-in generator cannot translate, and the settings page
// says so up front when the quiz language chosen is not the material's.

const T = {
  'zh-TW': { other: 'English', hint: /無法翻譯.*題目會以繁體中文撰寫/ },
  en: { other: 'English', hint: /can't translate.*questions will be in Traditional Chinese/ },
} as const;

for (const lng of ['zh-TW', 'en'] as const) {
  test(`${lng}: the settings page says the built-in generator keeps the material's language`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = T[lng];
    await useLanguage(page, lng);
    await page.setViewportSize({ width: 360, height: 780 });
    await signInNewLearner(page, request, lng);
    const token = await sessionToken(page);
    // A Traditional Chinese development document (not in docs/quiz-holdout.md).
    const materialId = await uploadByApi(page, token, 'txt/zh_us_constitution_taiwan_phrasing.txt');
    await page.goto(`/materials/${materialId}/quiz/new`);
    await page.getByRole('radio', { name: t.other, exact: true }).check();
    const hint = page.getByText(t.hint);
    await expect(hint).toBeVisible();
    await hint.scrollIntoViewIfNeeded();
    await snap(page, `quiz-settings-language-hint-360-${lng}`);
  });
}

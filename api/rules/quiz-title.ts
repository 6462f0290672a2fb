/**
 * Spec §7: an untitled quiz is named after its material plus a suffix in the quiz's language.
 * The server names it so; the settings form shows the same as its placeholder.
 */
export function defaultQuizTitle(materialTitle: string, language: 'zh-TW' | 'en-US'): string {
  const name = materialTitle.trim();
  return language === 'zh-TW' ? `${name} 測驗` : `${name} Quiz`;
}

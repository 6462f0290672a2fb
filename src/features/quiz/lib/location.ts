/** Where a cited quote stands in the material, as words (page, slide, notes, sheet rows, paragraph). */
import type { Citation } from '../../../../api/quizgen/types';

export type CitationLocation = Citation['location'];

/** The subset of i18next's t this module needs (so tests can pass a real instance). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * "第 3 頁" / "Page 3", "投影片 2" / "Slide 2", "投影片 2 備忘稿" / "Slide 2 notes",
 * "工作表 X 第 2–5 列" / "Sheet X rows 2–5", "第 4 段" / "Paragraph 4"; '' when unknown.
 */
export function formatLocation(location: CitationLocation | undefined, t: Translate): string {
  if (!location || typeof location !== 'object') return '';
  switch (location.kind) {
    case 'page':
      return t('location.page', { page: location.page });
    case 'slide':
      return t('location.slide', { slide: location.slide });
    case 'notes':
      return t('location.notes', { slide: location.slide });
    case 'sheet': {
      const { sheet, rowStart, rowEnd } = location;
      return rowEnd > rowStart
        ? t('location.sheetRows', { sheet, start: rowStart, end: rowEnd })
        : t('location.sheetRow', { sheet, row: rowStart });
    }
    case 'paragraph':
      return t('location.paragraph', { index: location.index });
    default:
      return '';
  }
}

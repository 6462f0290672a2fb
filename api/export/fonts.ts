import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** The two faces a report is set in; Noto Sans TC covers Traditional Chinese and Latin. */
export interface ReportFonts {
  regular: Buffer;
  bold: Buffer;
}

const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf',
} as const;

/** Absolute paths of the report fonts, resolved through node_modules like any dependency. */
export function reportFontPaths(): { regular: string; bold: string } {
  const require = createRequire(import.meta.url);
  return { regular: require.resolve(FONT_FILES.regular), bold: require.resolve(FONT_FILES.bold) };
}

// ~14 MB for both faces, read once and kept for the life of the process: every export needs
// them, and re-reading per request would cost more I/O than the memory is worth.
let loading: Promise<ReportFonts> | undefined;

/** The report fonts, read from disk on first use and shared by every later export. */
export function loadReportFonts(): Promise<ReportFonts> {
  if (!loading) {
    loading = (async () => {
      const paths = reportFontPaths();
      const [regular, bold] = await Promise.all([readFile(paths.regular), readFile(paths.bold)]);
      return { regular, bold };
    })();
    // A failed read (missing package) must not be cached: the next export tries again.
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}

import Tesseract from 'tesseract.js';
import { AppError } from '../../lib/errors.js';
import { toPgm, type GrayImage } from './image.js';
import {
  CHINESE_LABEL,
  chineseDataFile,
  englishDataFile,
  linkLanguageData,
  tesseractPaths,
  type OcrLanguage,
} from './languages.js';

export interface OcrEngine {
  /** Languages loaded, e.g. ['eng', 'chi_tra']. */
  languages: OcrLanguage[];
  /** Recognizes one page; dpi when known (rendered PDF pages) spares tesseract a guess. */
  recognize(image: GrayImage, dpi?: number): Promise<Tesseract.Block[]>;
  terminate(): Promise<void>;
}

/** tesseract.js never settles createWorker when language data fails to load: give up here. */
const START_TIMEOUT_MS = 30_000;

/**
 * Starts tesseract.js offline: English always, Traditional Chinese when chi_tra.traineddata
 * is in `tessdataDir`. Worker script, wasm core and language data all come from local files.
 */
export async function createOcrEngine(tessdataDir: string | undefined): Promise<OcrEngine> {
  const chinese = chineseDataFile(tessdataDir);
  const languages: OcrLanguage[] = chinese ? ['eng', 'chi_tra'] : ['eng'];
  const data = linkLanguageData({ eng: englishDataFile(), chi_tra: chinese });
  let failure: unknown;
  let worker: Tesseract.Worker | undefined;
  try {
    const starting = Tesseract.createWorker(languages.join('+'), Tesseract.OEM.LSTM_ONLY, {
      ...tesseractPaths(),
      langPath: data.dir,
      gzip: false,
      // The default cache writes eng.traineddata into the working directory.
      cacheMethod: 'none',
      logger: () => {},
      // Without a handler tesseract.js throws from its message listener, which would take
      // the whole extraction worker down instead of failing this file.
      errorHandler: (err: unknown) => {
        failure = err;
      },
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('tesseract did not start')), START_TIMEOUT_MS);
    });
    try {
      worker = await Promise.race([starting, timeout]);
    } finally {
      clearTimeout(timer);
    }
  } catch (err) {
    data.remove();
    throw new AppError('OCR_LANGUAGE_MISSING', {
      params: { language: chinese ? `English + ${CHINESE_LABEL}` : 'English' },
      cause: failure ?? err,
    });
  }
  const ready = worker;
  return {
    languages,
    async recognize(image, dpi) {
      await ready.setParameters({
        // Automatic layout analysis: finds columns and paragraphs (tesseract.js defaults to
        // one uniform block, which reads two columns across).
        tessedit_pageseg_mode: Tesseract.PSM.AUTO,
        // Tesseract's own chatter ("Estimating resolution as ...") goes nowhere.
        debug_file: '/dev/null',
        ...(dpi ? { user_defined_dpi: String(Math.round(dpi)) } : {}),
      });
      const result = await ready.recognize(toPgm(image), {}, { text: false, blocks: true });
      return result.data.blocks ?? [];
    },
    async terminate() {
      try {
        await ready.terminate();
      } finally {
        data.remove();
      }
    },
  };
}

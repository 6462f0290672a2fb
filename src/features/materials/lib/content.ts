/**
 * The extracted text of a material (GET /materials/{id}/content) and how it is labelled and
 * grouped on screen. Pure: the translate function is passed in.
 */
import type {
  BlockLocation,
  ExtractionWarning as ContentWarning,
  MaterialContentAnswer,
} from '../../../../api/contract/materials';

/** A block, where it stands in its file, a warning of the extraction: the API's own types. */
export type { BlockLocation, ContentWarning };
export type ContentBlock = MaterialContentAnswer['blocks'][number];

export interface ContentFile {
  id: string;
  name: string;
  type: string;
}

export interface MaterialContent {
  language: string;
  warnings: ContentWarning[];
  blocks: ContentBlock[];
  files: ContentFile[];
}

export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The translation key and values naming where a block came from. */
export function locationMessage(location: BlockLocation): {
  key: string;
  values: Record<string, string | number>;
} {
  switch (location.kind) {
    case 'page':
      return { key: 'content.location.page', values: { page: location.page } };
    case 'slide':
      return location.title?.trim()
        ? {
            key: 'content.location.slideTitled',
            values: { slide: location.slide, title: location.title.trim() },
          }
        : { key: 'content.location.slide', values: { slide: location.slide } };
    case 'notes':
      return { key: 'content.location.notes', values: { slide: location.slide } };
    case 'sheet':
      return location.rowStart === location.rowEnd
        ? {
            key: 'content.location.sheetRow',
            values: { sheet: location.sheet, row: location.rowStart },
          }
        : {
            key: 'content.location.sheetRows',
            values: { sheet: location.sheet, start: location.rowStart, end: location.rowEnd },
          };
    case 'paragraph': {
      const path = (location.headingPath ?? []).map((h) => h.trim()).filter(Boolean);
      return path.length
        ? {
            key: 'content.location.paragraphIn',
            values: { index: location.index, path: path.join(' › ') },
          }
        : { key: 'content.location.paragraph', values: { index: location.index } };
    }
    default:
      return { key: 'content.location.unknown', values: {} };
  }
}

/** "第 3 頁", "Slide 2: Intro", "Sheet Q1, rows 2–20"… */
export const locationLabel = (location: BlockLocation, t: Translate): string => {
  const { key, values } = locationMessage(location);
  return t(key, values);
};

export const KNOWN_WARNINGS = ['OCR_USED', 'PAGES_WITHOUT_TEXT', 'TRUNCATED'] as const;

/** The translation key of a warning code; unknown codes get a generic text. */
export function warningKey(code: string): string {
  return (KNOWN_WARNINGS as readonly string[]).includes(code)
    ? `content.warnings.${code}`
    : 'content.warnings.generic';
}

export interface FileSection {
  file: ContentFile;
  blocks: ContentBlock[];
  warnings: ContentWarning[];
}

/**
 * Blocks grouped per file in the files' order (blocks of a file missing from the list come
 * last, under their id), keeping reading order inside each file. `only` limits to some files.
 */
export function groupByFile(content: MaterialContent, only?: ReadonlySet<string>): FileSection[] {
  const sections = new Map<string, FileSection>();
  const section = (id: string) => {
    let s = sections.get(id);
    if (!s) {
      const file = content.files.find((f) => f.id === id) ?? { id, name: id, type: '' };
      s = { file, blocks: [], warnings: [] };
      sections.set(id, s);
    }
    return s;
  };
  for (const f of content.files) section(f.id);
  for (const b of content.blocks) section(b.fileId).blocks.push(b);
  for (const w of content.warnings) if (w.fileId) section(w.fileId).warnings.push(w);
  return [...sections.values()].filter(
    (s) =>
      (!only || only.size === 0 || only.has(s.file.id)) && (s.blocks.length || s.warnings.length),
  );
}

/**
 * Cuts the sections down to the first `limit` blocks overall (progressive rendering); returns
 * them with the number of blocks left out.
 */
export function takeBlocks(
  sections: readonly FileSection[],
  limit: number,
): { sections: FileSection[]; hidden: number } {
  let left = limit;
  let hidden = 0;
  const out: FileSection[] = [];
  for (const s of sections) {
    const shown = s.blocks.slice(0, Math.max(0, left));
    hidden += s.blocks.length - shown.length;
    left -= shown.length;
    if (shown.length || (s.blocks.length === 0 && left > 0)) out.push({ ...s, blocks: shown });
  }
  return { sections: out, hidden };
}

/** A run of blocks from one page, slide, sheet or section, shown under one label. */
export interface BlockUnit {
  /** Stable within a file: 'page:3', 'slide:2', 'notes:2', 'sheet:Q1', 'section:A › B', ''. */
  key: string;
  /** The label's translation (null for paragraphs outside any heading: no label). */
  label: { key: string; values: Record<string, string | number> } | null;
  blocks: ContentBlock[];
}

function unitOf(location: BlockLocation): Omit<BlockUnit, 'blocks'> {
  switch (location.kind) {
    case 'page':
    case 'slide':
    case 'notes':
      return {
        key: `${location.kind}:${location.kind === 'page' ? location.page : location.slide}`,
        label: locationMessage(location),
      };
    case 'sheet':
      return {
        key: `sheet:${location.sheet}`,
        label: { key: 'content.location.sheet', values: { sheet: location.sheet } },
      };
    case 'paragraph': {
      const path = (location.headingPath ?? [])
        .map((h) => h.trim())
        .filter(Boolean)
        .join(' › ');
      return {
        key: `section:${path}`,
        label: path ? { key: 'content.location.section', values: { path } } : null,
      };
    }
    default:
      return { key: '', label: null };
  }
}

/**
 * Consecutive blocks of one page, slide, sheet or section grouped under one label, in reading
 * order (the extracted-text panel labels each page once, not every paragraph).
 */
export function groupByUnit(blocks: readonly ContentBlock[]): BlockUnit[] {
  const units: BlockUnit[] = [];
  for (const block of blocks) {
    const unit = unitOf(block.location);
    const last = units.at(-1);
    if (last && last.key === unit.key) last.blocks.push(block);
    else units.push({ ...unit, blocks: [block] });
  }
  return units;
}

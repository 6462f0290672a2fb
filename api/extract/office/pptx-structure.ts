import path from 'node:path/posix';

/** Zip parts pptx.ts asks zip-guard to keep for reading the deck's structure. */
export const STRUCTURE_PARTS =
  /^ppt\/(presentation\.xml|_rels\/presentation\.xml\.rels|slides\/slide\d+\.xml|slides\/_rels\/slide\d+\.xml\.rels)$/;

export interface DeckStructure {
  /** Slide file number (ppt/slides/slideN.xml) → 1-based position in the deck. */
  position: Map<number, number>;
  /** Notes file number (ppt/notesSlides/notesSlideN.xml) → slide file number. */
  notesOwner: Map<number, number>;
  /** Slide file numbers whose slide shows its number in a placeholder. */
  showsNumber: Set<number>;
}

const fileNumber = (part: string) => Number(/(\d+)\.xml$/.exec(part)?.[1] ?? NaN);

function relationships(
  xml: string,
  baseDir: string,
): Map<string, { type: string; target: string }> {
  const rels = new Map<string, { type: string; target: string }>();
  for (const m of xml.matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g)) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(m[1]!)?.[1] ?? '';
    if (attr('TargetMode') === 'External') continue;
    const target = attr('Target');
    const resolved = target.startsWith('/')
      ? target.slice(1)
      : path.normalize(path.join(baseDir, target));
    rels.set(attr('Id'), { type: attr('Type'), target: resolved });
  }
  return rels;
}

/**
 * Reads the deck's real order (presentation.xml's slide list, not file names) and which notes page
 * belongs to which slide (each slide's relationships, not matching numbers): a deck whose slides
 * were reordered, or whose notes were added out of order, still reads right.
 */
export function deckStructure(parts: Map<string, Buffer>): DeckStructure {
  const text = (name: string) => parts.get(name)?.toString('utf8') ?? '';
  const position = new Map<number, number>();
  const presRels = relationships(text('ppt/_rels/presentation.xml.rels'), 'ppt');
  const slideList = /<(?:\w+:)?sldIdLst\b[^>]*>([\s\S]*?)<\/(?:\w+:)?sldIdLst>/.exec(
    text('ppt/presentation.xml'),
  );
  for (const m of (slideList?.[1] ?? '').matchAll(/<(?:\w+:)?sldId\b([^>]*)>/g)) {
    const rid = /\b\w+:id="([^"]+)"/.exec(m[1]!)?.[1];
    const target = rid ? presRels.get(rid)?.target : undefined;
    if (target) position.set(fileNumber(target), position.size + 1);
  }

  const notesOwner = new Map<number, number>();
  const showsNumber = new Set<number>();
  for (const [name, content] of parts) {
    const rels = /^ppt\/slides\/_rels\/slide(\d+)\.xml\.rels$/.exec(name);
    if (rels) {
      for (const rel of relationships(content.toString('utf8'), 'ppt/slides').values())
        if (rel.type.endsWith('/notesSlide'))
          notesOwner.set(fileNumber(rel.target), Number(rels[1]));
    }
    const slide = /^ppt\/slides\/slide(\d+)\.xml$/.exec(name);
    if (slide && /<(?:\w+:)?ph\b[^>]*type="sldNum"/.test(content.toString('utf8')))
      showsNumber.add(Number(slide[1]));
  }
  return { position, notesOwner, showsNumber };
}

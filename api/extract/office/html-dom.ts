/**
 * A small, tolerant HTML reader: enough to walk mammoth's output and real-world exported HTML
 * (Legislative Yuan ".xls" tables, saved web pages) without a DOM package. It builds a tree,
 * closes what browsers would close implicitly, and drops the content of script/style.
 */

export interface HtmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
}
export type HtmlNode = HtmlElement | string;

const VOID = new Set(
  'area base br col embed hr img input keygen link meta param source track wbr'.split(' '),
);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noscript', 'template']);
const BLOCKS_CLOSING_P = new Set(
  'address article aside blockquote details div dl fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr main nav ol p pre section table ul li'.split(
    ' ',
  ),
);
/** Deeper elements are flattened into their ancestor: the tree walkers recurse. */
const MAX_DEPTH = 256;
/** An implied end tag never reaches past these. */
const SCOPE = new Set(['table', 'td', 'th', 'html', 'body', '#root', 'template']);

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  shy: '',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  times: '×',
  divide: '÷',
  deg: '°',
  plusmn: '±',
  sect: '§',
  para: '¶',
  yen: '¥',
  euro: '€',
  pound: '£',
  cent: '¢',
  larr: '←',
  rarr: '→',
  uarr: '↑',
  darr: '↓',
};

/** Decodes named (common ones) and numeric character references. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const cp =
        ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff)
        ? String.fromCodePoint(cp)
        : '';
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

function parseAttrs(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const re = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of source.matchAll(re)) {
    attrs[m[1]!.toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/** Parses HTML into a tree under a '#root' element. Never throws on malformed markup. */
export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { tag: '#root', attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  const current = () => stack[stack.length - 1]!;
  const closeImplied = (tags: Set<string>) => {
    for (let i = stack.length - 1; i > 0; i--) {
      const tag = stack[i]!.tag;
      if (tags.has(tag)) {
        stack.length = i;
        return;
      }
      if (SCOPE.has(tag)) return;
    }
  };

  const token =
    /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[([\s\S]*?)(?:\]\]>|$)|<![^>]*>?|<\?[^>]*>?|<\/([a-zA-Z][^\s/>]*)[^>]*>?|<([a-zA-Z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  let last = 0;
  for (let m = token.exec(html); m; m = token.exec(html)) {
    if (m.index > last) current().children.push(decodeEntities(html.slice(last, m.index)));
    last = token.lastIndex;
    if (m[1] !== undefined) {
      current().children.push(m[1]);
    } else if (m[2] !== undefined) {
      const tag = m[2].toLowerCase();
      for (let i = stack.length - 1; i > 0; i--) {
        if (stack[i]!.tag === tag) {
          stack.length = i;
          break;
        }
        if (SCOPE.has(stack[i]!.tag) && !SCOPE.has(tag)) break;
      }
    } else if (m[3] !== undefined) {
      const tag = m[3].toLowerCase();
      const attrSource = m[4] ?? '';
      if (BLOCKS_CLOSING_P.has(tag)) closeImplied(new Set(['p']));
      if (tag === 'li') closeImplied(new Set(['li']));
      if (tag === 'dt' || tag === 'dd') closeImplied(new Set(['dt', 'dd']));
      if (tag === 'tr') closeImplied(new Set(['tr', 'td', 'th']));
      if (tag === 'td' || tag === 'th') closeImplied(new Set(['td', 'th']));
      if (tag === 'option') closeImplied(new Set(['option']));
      const el: HtmlElement = { tag, attrs: parseAttrs(attrSource), children: [] };
      current().children.push(el);
      if (RAW_TEXT.has(tag)) {
        // Case-insensitive search in place: lowercasing may change the string's length.
        const closer = new RegExp(`</${tag}`, 'gi');
        closer.lastIndex = last;
        const end = closer.exec(html)?.index ?? -1;
        const stop = end === -1 ? html.length : end;
        if (tag === 'title' || tag === 'textarea')
          el.children.push(decodeEntities(html.slice(last, stop)));
        const close = end === -1 ? html.length : html.indexOf('>', end);
        token.lastIndex = last = close === -1 ? html.length : close + 1;
      } else if (!VOID.has(tag) && !/\/\s*$/.test(attrSource) && stack.length < MAX_DEPTH) {
        stack.push(el);
      }
    }
  }
  if (last < html.length) current().children.push(decodeEntities(html.slice(last)));
  return root;
}

/** Visible text of a node, whitespace collapsed; <br> becomes a space. */
export function textOf(node: HtmlNode): string {
  const out: string[] = [];
  const walk = (n: HtmlNode) => {
    if (typeof n === 'string') out.push(n);
    else if (n.tag === 'br') out.push(' ');
    else if (!RAW_TEXT.has(n.tag) || n.tag === 'textarea') {
      for (const c of n.children) walk(c);
      if (BLOCKS_CLOSING_P.has(n.tag)) out.push(' ');
    }
  };
  walk(node);
  return out.join('').replace(/\s+/g, ' ').trim();
}

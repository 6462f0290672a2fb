const MAX_SLUG_CHARS = 60;

/**
 * A title as a file-name part: letters (CJK included), marks and digits kept, everything else
 * — path separators, characters Windows forbids, spaces, punctuation — folded into single
 * dashes, at most 60 characters.
 */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return [...slug].slice(0, MAX_SLUG_CHARS).join('').replace(/-+$/, '');
}

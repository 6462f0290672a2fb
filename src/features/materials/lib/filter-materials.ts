/** The material filter (spec: over name, description and title). Pure: no DOM, no i18n. */
export interface Filterable {
  title?: string | null;
  name?: string | null;
  description?: string | null;
}

const fold = (s: string) => s.normalize('NFKC').toLowerCase();

/**
 * Materials whose title, name or description contain every word of the query, ignoring case and
 * full-width/half-width differences. An empty query keeps them all, in order.
 */
export function filterMaterials<T extends Filterable>(materials: readonly T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...materials];
  return materials.filter((m) => {
    const haystack = fold([m.title, m.name, m.description].filter(Boolean).join('\n'));
    return words.every((w) => haystack.includes(w));
  });
}

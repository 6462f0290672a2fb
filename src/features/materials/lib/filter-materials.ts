import { basicFold, type Fold } from './variant-fold';

/** The material filter (spec: over name, description and title). Pure: no DOM, no i18n. */
export interface Filterable {
  title?: string | null;
  name?: string | null;
  description?: string | null;
}

/**
 * Materials whose title, name or description contain every word of the query, ignoring case,
 * full-width/half-width differences and (with the variant fold) 臺/台-style variants. An empty query keeps them all, in order.
 */
export function filterMaterials<T extends Filterable>(
  materials: readonly T[],
  query: string,
  fold: Fold = basicFold,
): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...materials];
  return materials.filter((m) => {
    const haystack = fold([m.title, m.name, m.description].filter(Boolean).join('\n'));
    return words.every((w) => haystack.includes(w));
  });
}

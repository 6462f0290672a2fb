/** How related concepts compare (review progress, weak topics): trimmed, NFC, case-folded. */
export const conceptKey = (concept: string) => concept.normalize('NFC').trim().toLowerCase();

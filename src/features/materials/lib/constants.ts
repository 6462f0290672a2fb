/** Limits and timings of the material screens (spec points 5 and 9). */
/** A detail fetched this recently is served from memory. */
export const DETAIL_CACHE_MS = 10_000;
/** The generic upload failure stays on screen this long. */
export const UPLOAD_ERROR_MS = 2000;
/** The delete dialog fades out over this long when cancelled. */
export const DELETE_FADE_MS = 300;
/** Extracted-text blocks rendered at first, and added by each "show more". */
export const BLOCKS_PAGE = 200;
/** The word a learner types to delete a material that has quizzes. */
export const DELETE_WORD = 'DELETE';
/** Show the search box only once there is something to search through. */
export const SEARCH_MIN_MATERIALS = 4;

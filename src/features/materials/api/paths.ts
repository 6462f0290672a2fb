/** The materials endpoints (base /api/v1; api() adds the bearer token). */
export const MATERIALS_PATH = '/api/v1/materials';
export const materialPath = (id: string) => `${MATERIALS_PATH}/${encodeURIComponent(id)}`;

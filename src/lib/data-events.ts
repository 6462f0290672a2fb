/**
 * A tiny in-page signal that server data changed, so one feature can tell another's caches
 * without importing it (features never import each other). E.g. the quiz feature says a
 * material's quizzes changed; the materials feature drops its cached detail.
 */
type Listener = (materialId: string) => void;
const listeners = new Set<Listener>();

export function onMaterialChanged(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function materialChanged(materialId: string): void {
  listeners.forEach((fn) => fn(materialId));
}

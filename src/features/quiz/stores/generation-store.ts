import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { GenerateQuizBody, SettingsForm } from '../lib/settings-form';

/** A generation the settings screen asked for and the loading screen runs. */
export interface PendingGeneration {
  generationId: string;
  materialId: string;
  materialName: string;
  body: GenerateQuizBody;
  /** The server answered the POST (202): after a reload the screen follows it by polling. */
  started: boolean;
}

interface GenerationState {
  pending: PendingGeneration | null;
  /** The last settings sent, so Back from the loading screen finds the form as it was left. */
  lastForm: { materialId: string; form: SettingsForm } | null;
  begin(pending: Omit<PendingGeneration, 'started'>, form: SettingsForm): void;
  markStarted(generationId: string): void;
  /** The same request again under a new id (after a reload lost the first one). */
  restart(generationId: string): void;
  clear(generationId?: string): void;
  /** After a quiz was made: the next one starts from the defaults again. */
  forgetForm(): void;
}

/**
 * UI/session state only: the server holds the truth about the generation. Kept in
 * sessionStorage so a reload of the loading screen can still follow or cancel it; the tab's
 * session ends with it, and signing out clears sessionStorage.
 */
export const useGenerationStore = create<GenerationState>()(
  persist(
    (set, get) => ({
      pending: null,
      lastForm: null,
      begin(pending, form) {
        set({
          pending: { ...pending, started: false },
          lastForm: { materialId: pending.materialId, form },
        });
      },
      markStarted(generationId) {
        const p = get().pending;
        if (p && p.generationId === generationId && !p.started)
          set({ pending: { ...p, started: true } });
      },
      restart(generationId) {
        const p = get().pending;
        if (p)
          set({
            pending: { ...p, generationId, body: { ...p.body, generationId }, started: false },
          });
      },
      clear(generationId) {
        const p = get().pending;
        if (!p || generationId === undefined || p.generationId === generationId)
          set({ pending: null });
      },
      forgetForm() {
        set({ lastForm: null });
      },
    }),
    {
      name: 'mnemo-quiz-generation',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ pending: s.pending, lastForm: s.lastForm }),
    },
  ),
);

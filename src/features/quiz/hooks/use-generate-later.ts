import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { queueGeneration } from '../api/queue-generation';
import { currentUserId } from '../../../stores/auth-store';
import type { GenerateQuizBody } from '../lib/settings-form';
import { useGenerationStore } from '../stores/generation-store';

/** Two sentences: long enough to read. */
const QUEUED_TOAST_MS = 6000;

/**
 * Keeps a generation asked for without a network in the outbox (sent, in order, once online),
 * says so and goes back to the material, where it shows as pending. Resolves false when it
 * could not be kept (no storage, or no session): the caller's screen stays as it was.
 */
export function useGenerateLater() {
  const { t } = useTranslation(['quiz-setup', 'offline']);
  const navigate = useNavigate();
  return useCallback(
    async (
      request: { materialName: string; body: GenerateQuizBody },
      /** From the loading screen: replace it, so Back skips it. */
      replace = false,
    ): Promise<boolean> => {
      const userId = currentUserId();
      if (!userId) return false;
      try {
        await queueGeneration(userId, {
          materialName: request.materialName,
          body: { ...request.body },
        });
      } catch {
        toast.error(t('offline:generate.storageFailed'), QUEUED_TOAST_MS);
        return false;
      }
      const store = useGenerationStore.getState();
      store.clear();
      store.forgetForm();
      toast.success(t('offline:generate.queued'), QUEUED_TOAST_MS);
      navigate(paths.material(request.body.materialId), { replace });
      return true;
    },
    [t, navigate],
  );
}

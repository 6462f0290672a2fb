import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import type { QuizMaterial } from '../api/get-quiz-material';
import { examChoiceOf, toGenerateBody, type SettingsForm } from '../lib/settings-form';
import { useGenerationStore } from '../stores/generation-store';
import { useGenerateLater } from './use-generate-later';

/** The limit message stays long enough to read (two sentences). */
export const LIMIT_TOAST_MS = 6000;

/**
 * Sending the settings: at the free limit (a stale profile let the click through) back to the
 * material with the limit message (spec §4); offline the request goes to the outbox; otherwise
 * the generation store keeps it and the loading screen runs it.
 */
export function useSettingsSubmit({
  material,
  form,
  exam,
  limitReached,
  blockedByForm,
}: {
  material: QuizMaterial;
  form: SettingsForm;
  exam: ReturnType<typeof examChoiceOf>;
  limitReached: boolean;
  /** The form has a problem of its own (no type): the button shows why; nothing is sent. */
  blockedByForm: boolean;
}) {
  const { t } = useTranslation('quiz-setup');
  const navigate = useNavigate();
  const generateLater = useGenerateLater();
  const [queueing, setQueueing] = useState(false);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (limitReached) {
      toast.error(t('settings.limitReached'), LIMIT_TOAST_MS);
      navigate(paths.material(material.id));
      return;
    }
    if (blockedByForm) return;
    const generationId = crypto.randomUUID();
    const body = toGenerateBody(
      form,
      { materialId: material.id, generationId, materialName: material.name },
      exam,
    );
    if (!navigator.onLine) {
      setQueueing(true);
      void generateLater({ materialName: material.name, body }).then((kept) => {
        if (!kept) setQueueing(false);
      });
      return;
    }
    useGenerationStore
      .getState()
      .begin({ generationId, materialId: material.id, materialName: material.name, body }, form);
    navigate(paths.quizLoading(material.id));
  };

  return { onSubmit, queueing };
}

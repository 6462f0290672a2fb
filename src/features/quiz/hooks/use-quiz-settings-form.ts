import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { QuizMaterial } from '../api/get-quiz-material';
import { chooseCount, examSetup } from '../lib/exam-choice';
import { defaultSettings, languageToKeep, type SettingsForm } from '../lib/settings-form';
import { useGenerationStore } from '../stores/generation-store';

/** The form as it was left for this material (Back from the loading screen), else defaults. */
function initialForm(material: QuizMaterial): SettingsForm {
  const last = useGenerationStore.getState().lastForm;
  return last && last.materialId === material.id ? last.form : defaultSettings(material.language);
}

/**
 * The quiz settings of one material: the form's values and what follows from them — what its
 * exam paper offers and asks (lib/exam-choice), what must be fixed first, the language the
 * built-in generator keeps — and the changes the screen may make.
 */
export function useQuizSettingsForm(material: QuizMaterial) {
  const [search] = useSearchParams();
  // The material page's "practise unscored" link ticks unscored practice (issue 17).
  const [form, setForm] = useState(() => {
    const initial = initialForm(material);
    return search.get('practice') === 'unscored' ? { ...initial, unscored: true } : initial;
  });

  const update = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  return {
    form,
    ...examSetup(material.exam, form),
    keepsLanguage: languageToKeep(material.language, form.language),
    update,
    chooseCount: (count: number | 'all') => setForm((f) => chooseCount(f, count)),
    toggleUnscored: () => setForm((f) => ({ ...f, unscored: !f.unscored })),
  };
}

import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The upload screen's file picking: the hidden file input, and adding or removing files through
 * `add`/`remove` (the upload's own, which check them against the limits) with a screen-reader
 * announcement of what changed.
 */
export function useFilePicker(
  files: File[],
  add: (files: File[]) => number,
  remove: (index: number) => void,
) {
  const { t } = useTranslation('materials');
  const [announcement, setAnnouncement] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const addFiles = (chosen: File[]) => {
    const added = add(chosen);
    setAnnouncement(added ? t('upload.added', { count: added }) : '');
  };
  const removeFile = (index: number) => {
    const name = files[index]?.name ?? '';
    remove(index);
    setAnnouncement(t('upload.removed', { name }));
  };
  const browse = () => input.current?.click();

  return { input, announcement, addFiles, removeFile, browse };
}

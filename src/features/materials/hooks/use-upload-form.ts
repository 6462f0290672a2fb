import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import type { Material } from '../lib/material';
import { useUpload } from './use-upload';
import { useUploadLimits } from './use-upload-limits';
import { useLeaveWarning } from './use-leave-warning';

/**
 * The upload screen's form: its name and description, the server's limits, the upload itself
 * (useUpload), and where the learner goes once it is sent or, offline, kept on the device.
 */
export function useUploadForm() {
  const { t } = useTranslation(['materials', 'offline']);
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');

  const onDone = useCallback(
    (material: Material) => {
      toast.success(t('upload.success'));
      navigate(material.id ? paths.material(material.id) : paths.home);
    },
    [navigate, t],
  );
  // Offline: kept on the device; the list shows it as pending until it is sent.
  const onQueued = useCallback(() => {
    toast.info(t('offline:upload.queued'), 4000);
    navigate(paths.home);
  }, [navigate, t]);
  const limits = useUploadLimits();
  const upload = useUpload(onDone, onQueued, limits);
  const busy = upload.phase !== 'idle';
  // Leaving mid-upload loses it: let the browser ask first.
  useLeaveWarning(busy);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void upload.submit(title, description, t('upload.unnamed'));
  };

  return { title, setTitle, description, setDescription, limits, upload, busy, onSubmit };
}

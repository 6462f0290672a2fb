import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { deleteMaterial } from '../api/delete-material';
import { DELETE_WORD } from '../lib/constants';
import type { Material } from '../lib/material';
import { TrashIcon } from './icons';
import './delete-material-dialog.css';

/**
 * "Delete material" and its confirmation (spec 4): fades in, fades out over 300 ms on cancel.
 * With quizzes the learner types DELETE first; a 409 asking for it turns the field on too.
 */
export function DeleteMaterialDialog({ material }: { material: Material }) {
  const { t } = useTranslation('materials');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [askWord, setAskWord] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState('');
  const errorId = useId();
  const needsWord = askWord || material.quizCount > 0 || material.quizzes.length > 0;
  const quizCount = Math.max(material.quizCount, material.quizzes.length);

  const onOpenChange = (next: boolean) => {
    if (deleting) return;
    setOpen(next);
    if (next) {
      setTyped('');
      setError('');
    }
  };

  const confirm = async () => {
    setDeleting(true);
    setError('');
    try {
      await deleteMaterial(material.id, needsWord ? typed.trim() : undefined);
      toast.success(t('delete.deleted'));
      setOpen(false);
      navigate(paths.home, { replace: true });
    } catch (err) {
      setDeleting(false);
      if (err instanceof ApiError && err.data.requiresConfirmation) {
        setAskWord(true);
        setError(err.message || t('delete.needsConfirmation'));
      } else {
        setError(err instanceof ApiError && err.message ? err.message : t('delete.failed'));
      }
    }
  };

  const description = [
    t('delete.body', { title: material.title }),
    needsWord && quizCount > 0
      ? t('delete.bodyQuizzes', { count: quizCount, word: DELETE_WORD })
      : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="delete-trigger">
          <TrashIcon />
          {t('detail.delete')}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t('delete.title')}
        description={description}
        size="sm"
        className="delete-dialog"
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!deleting && (!needsWord || typed.trim() === DELETE_WORD)) void confirm();
          }}
        >
          {needsWord && (
            <TextField
              label={t('delete.confirmLabel', { word: DELETE_WORD })}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              readOnly={deleting}
              className="delete-dialog__word"
              aria-describedby={error ? errorId : undefined}
            />
          )}
          {error && (
            <p id={errorId} className="delete-dialog__error" role="alert">
              {error}
            </p>
          )}
          <div className="delete-dialog__actions">
            <DialogClose asChild>
              <Button variant="secondary" disabled={deleting}>
                {t('delete.cancel')}
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant="danger"
              loading={deleting}
              disabled={needsWord && typed.trim() !== DELETE_WORD}
            >
              {deleting ? t('delete.deleting') : t('delete.confirm')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileName } from './file-name';
import { EditIcon } from './icons';

/**
 * The material's title as the page heading, with an "edit title" button that turns it into an
 * input: Enter or leaving the field saves, Esc cancels; an empty or unchanged title is not saved.
 */
export function EditableTitle({
  title,
  onSave,
}: {
  title: string;
  onSave: (next: string) => void;
}) {
  const { t } = useTranslation('materials');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const closing = useRef(false);
  const refocus = useRef(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const hintId = useId();

  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const start = () => {
    closing.current = false;
    setDraft(title);
    setEditing(true);
  };
  const finish = (save: boolean, returnFocus: boolean) => {
    if (closing.current) return;
    closing.current = true;
    refocus.current = returnFocus;
    setEditing(false);
    const next = draft.trim();
    if (save && next && next !== title) onSave(next);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      finish(true, true);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      finish(false, true);
    }
  };

  if (editing) {
    return (
      <div className="editable-title editable-title--editing">
        <input
          className="editable-title__input"
          aria-label={t('detail.titleInput')}
          aria-describedby={hintId}
          value={draft}
          maxLength={300}
          autoFocus
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => finish(true, false)}
        />
        <p id={hintId} className="editable-title__hint">
          {t('detail.titleHint')}
        </p>
      </div>
    );
  }
  return (
    <div className="editable-title">
      <h1 className="editable-title__text">
        <FileName name={title} />
      </h1>
      <button
        ref={editButton}
        type="button"
        className="editable-title__edit"
        onClick={start}
        aria-label={t('detail.editTitle')}
        title={t('detail.editTitle')}
      >
        <EditIcon />
      </button>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';

const MAX_TITLE = 300;
const MAX_DESCRIPTION = 5000;

interface UploadFieldsProps {
  title: string;
  description: string;
  busy: boolean;
  onTitle: (title: string) => void;
  onDescription: (description: string) => void;
}

/** The upload's name and optional description. */
export function UploadFields({
  title,
  description,
  busy,
  onTitle,
  onDescription,
}: UploadFieldsProps) {
  const { t } = useTranslation('materials');
  return (
    <>
      <TextField
        label={t('upload.nameLabel')}
        hint={t('upload.nameHint')}
        placeholder={t('upload.namePlaceholder')}
        value={title}
        maxLength={MAX_TITLE}
        readOnly={busy}
        onChange={(e) => onTitle(e.target.value)}
        autoComplete="off"
      />
      <TextAreaField
        label={
          <>
            {t('upload.descriptionLabel')}{' '}
            <span className="field__optional">{t('common.optional', { ns: 'common' })}</span>
          </>
        }
        placeholder={t('upload.descriptionPlaceholder')}
        value={description}
        maxLength={MAX_DESCRIPTION}
        readOnly={busy}
        rows={3}
        onChange={(e) => onDescription(e.target.value)}
      />
    </>
  );
}

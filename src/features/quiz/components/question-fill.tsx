import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BLANK_MARKER, splitStem, type FillBlank } from '../lib/answer-format';
import './question-fill.css';

/**
 * A fill-in stem with a labelled select ("空格 1" / "Blank 1") where each blank marker stands.
 * A marker without a blank behind it (a malformed question) stays as text.
 */
export function FillStem({
  stem,
  blanks,
  values,
  onChange,
}: {
  stem: string;
  blanks: FillBlank[];
  values: Record<string, string>;
  onChange: (blankId: string, optionValue: string) => void;
}) {
  const { t } = useTranslation('quiz');
  const base = useId();
  const parts = splitStem(stem);
  return (
    <>
      {parts.map((text, i) => {
        const blank = i < parts.length - 1 ? blanks[i] : undefined;
        const id = `${base}-${i}`;
        return (
          <Fragment key={i}>
            {text}
            {blank ? (
              <span className="fill-blank">
                <label className="visually-hidden" htmlFor={id}>
                  {t('take.blank', { n: i + 1 })}
                </label>
                <span className="fill-blank__number" aria-hidden="true">
                  {i + 1}
                </span>
                <select
                  id={id}
                  className={
                    values[blank.id] ? 'fill-blank__select' : 'fill-blank__select is-empty'
                  }
                  value={values[blank.id] ?? ''}
                  onChange={(e) => onChange(blank.id, e.target.value)}
                >
                  <option value="">{t('take.blankPlaceholder')}</option>
                  {blank.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.text}
                    </option>
                  ))}
                </select>
              </span>
            ) : i < parts.length - 1 ? (
              BLANK_MARKER
            ) : null}
          </Fragment>
        );
      })}
    </>
  );
}

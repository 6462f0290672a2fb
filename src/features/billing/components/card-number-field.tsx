import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldShell, useFieldIds } from '../../../components/ui/field-shell';
import { detectBrand, digitsOf, editCardNumber } from '../lib/card';
import { BRAND_NAMES, BrandIcon, CardIcon } from './billing-icons';

interface CardNumberFieldProps {
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  id: string;
}

/**
 * The card number: digits grouped as typed (caret kept in place), the detected brand shown
 * as an icon in the field and as text below it (announced politely when it changes).
 */
export function CardNumberField({ value, error, onChange, onBlur, id }: CardNumberFieldProps) {
  const { t } = useTranslation('billing');
  const ids = useFieldIds(id, error);
  const brandId = `${id}-brand`;
  const el = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);
  const { brand } = detectBrand(digitsOf(value));

  useLayoutEffect(() => {
    const input = el.current;
    if (caret.current !== null && input && input === document.activeElement) {
      input.setSelectionRange(caret.current, caret.current);
    }
    caret.current = null;
  }, [value]);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const inputType = (event.nativeEvent as InputEvent).inputType ?? '';
    const next = editCardNumber(
      value,
      input.value,
      input.selectionStart ?? input.value.length,
      inputType,
    );
    caret.current = next.caret;
    onChange(next.value);
  };

  const brandText =
    brand === 'other'
      ? t('demo.brandOther')
      : brand
        ? t('demo.brand', { brand: BRAND_NAMES[brand] })
        : t('demo.acceptedList');

  return (
    <FieldShell label={t('demo.number')} ids={ids} error={error}>
      <div className="card-number">
        <input
          ref={el}
          id={ids.controlId}
          className="field__input card-number__input"
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          autoCorrect="off"
          spellCheck={false}
          placeholder="1234 1234 1234 1234"
          value={value}
          onChange={change}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [ids.describedBy, brandText ? brandId : null].filter(Boolean).join(' ') || undefined
          }
        />
        <span className="card-number__icon">
          {brand && brand !== 'other' ? <BrandIcon brand={brand} /> : <CardIcon size={24} />}
        </span>
      </div>
      <p id={brandId} className="card-number__brand" aria-live="polite">
        {brandText}
      </p>
    </FieldShell>
  );
}

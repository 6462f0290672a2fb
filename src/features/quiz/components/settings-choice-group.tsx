import { useId, type ReactNode } from 'react';
import clsx from 'clsx';

export interface Choice<T extends string | number> {
  value: T;
  label: string;
  description?: string;
}

/**
 * One question of the settings form as a fieldset of native radio buttons (arrow keys move
 * between them, the legend names the group). `segmented` lays short choices out in one row;
 * `cards` gives each choice a line of description.
 */
export function ChoiceGroup<T extends string | number>({
  legend,
  choices,
  value,
  onChange,
  layout,
  hint,
}: {
  legend: ReactNode;
  choices: ReadonlyArray<Choice<T>>;
  value: T;
  onChange: (value: T) => void;
  layout: 'segmented' | 'cards';
  hint?: ReactNode;
}) {
  const name = useId();
  const hintId = `${name}-hint`;
  return (
    <fieldset className="settings-group" aria-describedby={hint ? hintId : undefined}>
      <legend className="settings-group__legend">{legend}</legend>
      <div className={clsx('settings-choices', `settings-choices--${layout}`)}>
        {choices.map((choice) => (
          <label key={choice.value} className="settings-choice">
            <input
              type="radio"
              className="settings-choice__input"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
            />
            <span className="settings-choice__body">
              <span className="settings-choice__label">{choice.label}</span>
              {choice.description && (
                <span className="settings-choice__description">{choice.description}</span>
              )}
            </span>
          </label>
        ))}
      </div>
      {hint && (
        <p id={hintId} className="settings-group__hint">
          {hint}
        </p>
      )}
    </fieldset>
  );
}

import clsx from 'clsx';
import type { ChoiceOption } from '../lib/answer-format';
import { CheckIcon, CrossIcon } from './quiz-icons';
import './question-choices.css';

export const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

/**
 * The answer choices of a multiple-choice (lettered A–D) or true/false (two big cards)
 * question, as a native radio group: arrows move within it, Space picks, labels are the
 * click targets. The fieldset and legend around it come from the question view.
 * A multiple-select exam item uses MultiChoices (checkboxes) instead.
 */
export function QuestionChoices({
  name,
  options,
  value,
  onChange,
  variant,
}: {
  name: string;
  options: ChoiceOption[];
  value: string | undefined;
  onChange: (value: string) => void;
  variant: 'letters' | 'truefalse';
}) {
  return (
    <div className={clsx('choices', `choices--${variant}`)}>
      {options.map((option, i) => {
        const checked = option.value === value;
        const isFalse = variant === 'truefalse' && (option.value === 'false' || i === 1);
        return (
          <label key={option.value} className={clsx('choice', checked && 'choice--checked')}>
            <input
              type="radio"
              className="choice__input"
              name={name}
              value={option.value}
              checked={checked}
              onChange={() => onChange(option.value)}
            />
            <span className="choice__mark" aria-hidden="true">
              {variant === 'letters' ? (
                (LETTERS[i] ?? String(i + 1))
              ) : isFalse ? (
                <CrossIcon size={22} />
              ) : (
                <CheckIcon size={22} />
              )}
            </span>
            <span className="choice__text">
              {variant === 'letters' && (
                <span className="visually-hidden">{`${LETTERS[i] ?? i + 1}. `}</span>
              )}
              {option.text}
            </span>
            <span className="choice__tick" aria-hidden="true">
              {checked && <CheckIcon size={20} />}
            </span>
          </label>
        );
      })}
    </div>
  );
}

/**
 * The options of a multiple-select question (複選題) as native checkboxes: Tab moves between
 * them, Space ticks or clears one, labels are the click targets; the letter squares (not
 * circles) tell them from the single-choice radios. `describedBy` names the "choose every
 * correct option" hint.
 */
export function MultiChoices({
  name,
  options,
  values,
  onChange,
  describedBy,
}: {
  name: string;
  options: ChoiceOption[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  describedBy?: string;
}) {
  const picked = new Set(values);
  const toggle = (value: string) => {
    const next = new Set(picked);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    onChange(options.filter((o) => next.has(o.value)).map((o) => o.value));
  };
  return (
    <div className="choices choices--letters choices--multi">
      {options.map((option, i) => {
        const checked = picked.has(option.value);
        return (
          <label key={option.value} className={clsx('choice', checked && 'choice--checked')}>
            <input
              type="checkbox"
              className="choice__input"
              name={name}
              value={option.value}
              checked={checked}
              aria-describedby={describedBy}
              onChange={() => toggle(option.value)}
            />
            <span className="choice__mark choice__mark--square" aria-hidden="true">
              {LETTERS[i] ?? String(i + 1)}
            </span>
            <span className="choice__text">
              <span className="visually-hidden">{`${LETTERS[i] ?? i + 1}. `}</span>
              {option.text}
            </span>
            <span className="choice__tick" aria-hidden="true">
              {checked && <CheckIcon size={20} />}
            </span>
          </label>
        );
      })}
    </div>
  );
}

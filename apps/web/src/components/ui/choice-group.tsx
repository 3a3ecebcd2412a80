import { useId, type ReactNode } from 'react';
import './choice-group.css';

export type Choice<Value extends string> = { value: Value; label: string; description?: ReactNode };

/** One choice out of a few, as real radio buttons drawn as cards. */
export function ChoiceGroup<const Value extends string>({
  legend,
  choices,
  value,
  onChange,
}: {
  legend: string;
  choices: readonly Choice<Value>[];
  value: Value | null;
  onChange(value: Value): void;
}) {
  const name = useId();
  return (
    <fieldset className="choice-group">
      <legend className="choice-group__legend">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className={`choice-card${choice.value === value ? ' choice-card--selected' : ''}`}>
          <input type="radio" className="choice-card__input" name={name} checked={choice.value === value} onChange={() => onChange(choice.value)} />
          <span className="choice-card__text">
            <span className="choice-card__label">{choice.label}</span>
            {choice.description ? <span className="choice-card__description">{choice.description}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

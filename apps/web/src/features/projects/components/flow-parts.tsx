import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/primitives.tsx';
import './projects.css';

/** "Step 3 of 7" with a bar: where the user is in a multi-step flow. */
export function FlowProgress({ step, total, label }: { step: number; total: number; label: string }) {
  return (
    <div className="step-indicator">
      <p className="step-indicator__label">{label}</p>
      <div className="step-indicator__bar" aria-hidden="true">
        <span className="step-indicator__fill" style={{ width: `${Math.round(((step + 1) / total) * 100)}%` }} />
      </div>
    </div>
  );
}

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

/** Previous and Next (or the final action) at the bottom of a step, with why Next is disabled. */
export function FlowActions({
  previousLabel,
  nextLabel,
  onPrevious,
  onNext,
  hint,
  nextDisabled,
}: {
  previousLabel: string;
  nextLabel: string;
  onPrevious?: () => void;
  onNext(): void;
  hint?: string | null;
  nextDisabled: boolean;
}) {
  return (
    <div className="bottom-action">
      {hint ? (
        <p className="bottom-action__hint" aria-live="polite">
          {hint}
        </p>
      ) : null}
      <div className="bottom-action--split flow-actions">
        {onPrevious ? (
          <Button variant="secondary" onClick={onPrevious}>
            {previousLabel}
          </Button>
        ) : null}
        <Button onClick={onNext} disabled={nextDisabled}>
          {nextLabel}
        </Button>
      </div>
    </div>
  );
}

/** Label and value rows of a summary. */
export function SummaryList({ rows }: { rows: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className="summary-list">
      {rows.map(([label, value]) => (
        <div key={label} className="summary-list__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

import type { AdPackage, Medium } from '@orchard/shared';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../lib/paths.ts';
import { Button, CheckRow } from '../../../../components/ui/primitives.tsx';
import { useDurationText, usePriceText } from '../../../../lib/media-text.ts';
import type { DraftMedium } from '../../stores/request-draft.ts';
import { durationChoices } from './request-steps.ts';
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

/** Said when a flow opens on a draft already under way, with a way to start over (docs/product.md#requests). */
export function ResumedNotice({ message, startOverLabel, onStartOver }: { message: string; startOverLabel: string; onStartOver(): void }) {
  return (
    <div className="notice flow-resumed" role="status">
      <p>{message}</p>
      <Button variant="ghost" className="button--small" onClick={onStartOver}>
        {startOverLabel}
      </Button>
    </div>
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

/** A labelled KST calendar date. */
export function DateField({ label, value, min, max, onChange }: { label: string; value: string | null; min: string; max?: string; onChange(value: string): void }) {
  const id = useId();
  return (
    <div className="stack stack--tight">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input id={id} type="date" className="text-field" value={value ?? ''} min={min} max={max} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** A medium of the catalogue to tick, with its duration once ticked (the request and the event form). */
export function MediumRow({
  medium,
  pkg,
  selection,
  onToggle,
  onDuration,
}: {
  medium: Medium;
  pkg: AdPackage;
  selection: DraftMedium | undefined;
  onToggle(): void;
  onDuration(duration: number | null): void;
}) {
  const { t } = useTranslation('requestFunding');
  const priceText = usePriceText();
  const durationText = useDurationText();
  const durationId = useId();
  return (
    <li className={`medium-row${selection ? ' medium-row--selected' : ''}`}>
      <CheckRow checked={selection !== undefined} onChange={onToggle} label={medium.name} />
      <div className="medium-row__body">
        <p className="medium-row__meta">
          {medium.subCategoryName} · {priceText(medium)}
        </p>
        <p className="muted medium-row__address">{medium.address}</p>
        <Link className="text-link" to={paths.mediaDetail(medium.id)}>
          {t('media.details')}
        </Link>
        {selection ? (
          <div className="medium-row__duration">
            <label htmlFor={durationId} className="field-label">
              {t('media.durationFor', { name: medium.name })}
            </label>
            <select
              id={durationId}
              className="text-field"
              value={selection.duration ?? ''}
              onChange={(event) => onDuration(event.target.value === '' ? null : Number(event.target.value))}
            >
              <option value="">{t('media.chooseDuration')}</option>
              {durationChoices(medium, pkg).map((value) => (
                <option key={value} value={value}>
                  {durationText(medium.priceUnit, value)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
    </li>
  );
}

import { useId, useRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { CheckIcon, ChevronLeftIcon } from './icons.tsx';
import { useOverflowEdges } from './use-overflow-edges.ts';
import { useSelectedTabInView } from './use-selected-tab-in-view.ts';
import './tabs-scroll-hint.css';
import './primitives.css';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export function Button({
  variant = 'primary',
  block = false,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; block?: boolean }) {
  return <button type={type} className={`button button--${variant}${block ? ' button--block' : ''}${className ? ` ${className}` : ''}`} {...props} />;
}

export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** The title bar of a page below the app header: a back button and the page title. */
export function PageHeader({ title, backLabel, onBack, action }: { title: string; backLabel?: string; onBack?: () => void; action?: ReactNode }) {
  return (
    <div className="page-header">
      {onBack && backLabel ? (
        <button type="button" className="icon-button" onClick={onBack} aria-label={backLabel}>
          <ChevronLeftIcon />
        </button>
      ) : (
        <span className="page-header__spacer" aria-hidden="true" />
      )}
      <h1 className="page-header__title">{title}</h1>
      {action ?? <span className="page-header__spacer" aria-hidden="true" />}
    </div>
  );
}

export function EmptyState({ icon, message, action }: { icon?: ReactNode; message: string; action?: ReactNode }) {
  return (
    <div className="empty-state">
      {icon ? (
        <span className="empty-state__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <p className="empty-state__message">{message}</p>
      {action}
    </div>
  );
}

export type TabItem<Value extends string> = { value: Value; label: string };

/**
 * A row of tabs (WAI-ARIA tabs pattern); the panel is rendered by the caller. A row wider than the
 * screen shows that it scrolls, and scrolls its selected tab into view. A wrapping row (`wrap`)
 * never scrolls: on a screen too narrow for all of its tabs they take two rows, each label whole.
 */
export function Tabs<const Value extends string>({
  items,
  value,
  onChange,
  label,
  idPrefix,
  wrap = false,
}: {
  items: readonly TabItem<Value>[];
  value: NoInfer<Value>;
  onChange(value: NoInfer<Value>): void;
  label: string;
  idPrefix: string;
  wrap?: boolean;
}) {
  const stripRef = useRef<HTMLDivElement>(null);
  const more = useOverflowEdges(stripRef);
  useSelectedTabInView(stripRef, value, items[0]?.value);
  return (
    <div ref={stripRef} className={`tabs${wrap ? ' tabs--wrap' : ''}`} role="tablist" aria-label={label} data-more-before={more.before} data-more-after={more.after}>
      {items.map((item) => (
        <button
          key={item.value}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${item.value}`}
          aria-selected={item.value === value}
          aria-controls={`${idPrefix}-panel`}
          className={`tabs__tab${item.value === value ? ' tabs__tab--active' : ''}`}
          onClick={() => onChange(item.value)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

/** A switch whose whole row, label and description included, is its label: tapping the text switches it too. */
export function Switch({ checked, onChange, label, description }: { checked: boolean; onChange(checked: boolean): void; label: string; description?: string }) {
  const descriptionId = useId();
  return (
    <label className="switch-row">
      <span className="switch-row__text">
        <span className="switch-row__label">{label}</span>
        {description ? (
          <span id={descriptionId} className="switch-row__description">
            {description}
          </span>
        ) : null}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        aria-describedby={description ? descriptionId : undefined}
        className="switch"
        onClick={() => onChange(!checked)}
      >
        <span className="switch__thumb" aria-hidden="true" />
      </button>
    </label>
  );
}

export function CheckRow({
  checked,
  onChange,
  label,
  badge,
  emphasis = false,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  label: string;
  badge?: string;
  emphasis?: boolean;
}) {
  return (
    <label className={`check-row${emphasis ? ' check-row--emphasis' : ''}`}>
      <input type="checkbox" className="check-row__input" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span className="check-row__box" aria-hidden="true">
        <CheckIcon width={16} height={16} />
      </span>
      <span className="check-row__label">{label}</span>
      {badge ? <span className="check-row__badge">{badge}</span> : null}
    </label>
  );
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <section className={`card${className ? ` ${className}` : ''}`}>{children}</section>;
}

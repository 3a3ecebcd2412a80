import { useRef } from 'react';
import { useOverflowEdges } from './use-overflow-edges.ts';
import './filter-chips.css';
import './tabs-scroll-hint.css';

/**
 * One choice among a few filters, as a row of pressed-or-not chips. A row wider than the screen
 * scrolls sideways and fades at the edge where more chips wait, as a tab strip does.
 */
export function FilterChips<Value extends string>({
  items,
  value,
  onChange,
  label,
}: {
  items: readonly { value: Value; label: string }[];
  value: NoInfer<Value>;
  onChange(value: NoInfer<Value>): void;
  label: string;
}) {
  const rowRef = useRef<HTMLDivElement>(null);
  const more = useOverflowEdges(rowRef);
  return (
    <div ref={rowRef} className="filter-chips" role="group" aria-label={label} data-more-before={more.before} data-more-after={more.after}>
      {items.map((item) => (
        <button key={item.value} type="button" className="filter-chips__option" aria-pressed={item.value === value} onClick={() => onChange(item.value)}>
          {item.label}
        </button>
      ))}
    </div>
  );
}

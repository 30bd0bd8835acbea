// The list filters as a tab list (WAI-ARIA tabs, automatic activation): arrow keys move along the
// reading direction (mirrored in Arabic), Home and End jump to the ends. The chosen filter lives in
// the address, so the caller owns it.
import { useRef, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { REQUEST_FILTERS, type RequestFilter } from '../../../contract/requests';
import { filterTexts } from './texts';

export interface FilterTabsProps {
  value: RequestFilter;
  onChange: (filter: RequestFilter) => void;
  panelId: string;
}

export function FilterTabs({ value, onChange, panelId }: FilterTabsProps) {
  const { t, i18n } = useLingui();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = REQUEST_FILTERS.indexOf(value);
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    let next: number | null = null;
    if (e.key === forward) next = (index + 1) % REQUEST_FILTERS.length;
    else if (e.key === back) next = (index - 1 + REQUEST_FILTERS.length) % REQUEST_FILTERS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = REQUEST_FILTERS.length - 1;
    if (next === null) return;
    e.preventDefault();
    const filter = REQUEST_FILTERS[next] ?? 'all';
    onChange(filter);
    refs.current[next]?.focus();
  };

  return (
    <div className="request-tabs" role="tablist" aria-label={t`Filter requests`} onKeyDown={move}>
      {REQUEST_FILTERS.map((filter, i) => {
        const selected = filter === value;
        return (
          <button
            key={filter}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`request-tab-${filter}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'request-tab request-tab-selected' : 'request-tab'}
            onClick={() => onChange(filter)}
          >
            {i18n._(filterTexts[filter])}
          </button>
        );
      })}
    </div>
  );
}

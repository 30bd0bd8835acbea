// Student / teacher switch of the sign-in and sign-up screens: the WAI-ARIA tabs pattern (arrow keys
// move between tabs, following the reading direction; only the selected tab is in the tab order).
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';

export interface AuthTab<K extends string> {
  key: K;
  label: ReactNode;
}

export interface AuthTabsProps<K extends string> {
  idBase: string;
  label: string;
  tabs: readonly AuthTab<K>[];
  selected: K;
  onSelect: (key: K) => void;
}

export const tabId = (idBase: string, key: string) => `${idBase}-tab-${key}`;
export const panelId = (idBase: string, key: string) => `${idBase}-panel-${key}`;

export function AuthTabs<K extends string>({ idBase, label, tabs, selected, onSelect }: AuthTabsProps<K>) {
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    let next = -1;
    if (e.key === forward) next = (index + 1) % tabs.length;
    else if (e.key === backward) next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    const tab = tabs[next];
    if (!tab) return;
    e.preventDefault();
    onSelect(tab.key);
    listRef.current?.ownerDocument.getElementById(tabId(idBase, tab.key))?.focus();
  };
  return (
    <div className="auth-tabs" role="tablist" aria-label={label} ref={listRef} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const active = tab.key === selected;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={tabId(idBase, tab.key)}
            aria-selected={active}
            aria-controls={panelId(idBase, tab.key)}
            tabIndex={active ? 0 : -1}
            className="auth-tab"
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export type AccountKind = 'student' | 'teacher';

/** The student / teacher tabs of sign-in and sign-up with the selected tab's panel. */
export function AccountKindTabs({
  idBase,
  selected,
  onSelect,
  children,
}: {
  idBase: string;
  selected: AccountKind;
  onSelect: (key: AccountKind) => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      <AuthTabs
        idBase={idBase}
        label={t`Account type`}
        selected={selected}
        onSelect={onSelect}
        tabs={[
          { key: 'student', label: t`Student` },
          { key: 'teacher', label: t`Teacher` },
        ]}
      />
      <div role="tabpanel" id={panelId(idBase, selected)} aria-labelledby={tabId(idBase, selected)} className="auth-panel">
        {children}
      </div>
    </>
  );
}

// A loading spinner; `fullScreen` centres it over the whole viewport (the start-up login check).
import { useLingui } from '@lingui/react/macro';

export function Spinner({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useLingui();
  return (
    <div
      className={fullScreen ? 'spinner-screen' : 'spinner-inline'}
      role="status"
      aria-live="polite"
      data-testid={fullScreen ? 'boot-spinner' : undefined}
    >
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t`Loading…`}</span>
    </div>
  );
}

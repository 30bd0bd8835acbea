// What a console page shows to a role that may not use it (the navigation does not offer it, and the
// server refuses its calls anyway).
import { Trans } from '@lingui/react/macro';

export function NotAllowed() {
  return (
    <section className="console-page">
      <h1>
        <Trans>Not available to your role</Trans>
      </h1>
      <p className="muted">
        <Trans>Ask an administrator if you need access to this part of the console.</Trans>
      </p>
    </section>
  );
}

// The page for any path the router does not know: says so plainly and offers the way home.
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Icon } from '../../domain/icon';

export function NotFoundPage() {
  return (
    <section className="page container not-found" data-testid="not-found" aria-labelledby="not-found-title">
      <p className="not-found-code" aria-hidden="true">
        <bdi>404</bdi>
      </p>
      <h1 id="not-found-title">
        <Trans>Page not found</Trans>
      </h1>
      <p className="muted">
        <Trans>
          The page you are looking for may have moved or no longer exists. Check the address, or start again from the home page.
        </Trans>
      </p>
      <div className="cta-row cta-row-center">
        <Link to="/" className="button button-primary">
          <Trans>Back to home</Trans>
        </Link>
        <Link to="/teachers" className="button button-ghost">
          <Icon name="search" />
          <Trans>Browse teachers</Trans>
        </Link>
      </div>
    </section>
  );
}

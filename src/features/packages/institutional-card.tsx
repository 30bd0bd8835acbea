// Institutional packages are arranged with the team (spec §1): the card leads to the contact page.
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';

export function InstitutionalCard() {
  return (
    <li className="package-card package-institutional" aria-labelledby="package-institutional-title">
      <h3 id="package-institutional-title">
        <Trans>Schools and institutions</Trans>
      </h3>
      <p className="muted">
        <Trans>Packages for schools, learning centres and groups of students, shaped around your needs.</Trans>
      </p>
      <Link to="/contact-us" className="button button-secondary">
        <Trans>Contact us</Trans>
      </Link>
    </li>
  );
}

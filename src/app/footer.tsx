// Footer: who we are in a line, links to the static pages, the newsletter sign-up and the copyright.
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useMacroLingui } from '@lingui/react/macro';
import { LazyNewsletter } from './lazy-newsletter';
import { WatchToggle } from './watch-toggle';
import { BrandMark } from '../domain/brand-mark';
import { appName } from './titles';

export function Footer() {
  const { _ } = useLingui();
  const { t } = useMacroLingui();
  const year = new Date().getFullYear();
  const name = _(appName);
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <p className="footer-brand">
            <BrandMark size={28} />
            <span>{name}</span>
          </p>
          <p className="muted">
            <Trans>
              Live online lessons for children in Qatar: Quran, Arabic, mathematics, English and science, with reviewed teachers.
            </Trans>
          </p>
        </div>
        <nav aria-label={t`Footer`}>
          <h2 className="footer-heading">
            <Trans>Quick links</Trans>
          </h2>
          <ul className="footer-links">
            <li>
              <Link to="/about-us">
                <Trans>About us</Trans>
              </Link>
            </li>
            <li>
              <Link to="/contact-us">
                <Trans>Contact us</Trans>
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy">
                <Trans>Privacy policy</Trans>
              </Link>
            </li>
            <li>
              <Link to="/terms-conditions">
                <Trans>Terms and conditions</Trans>
              </Link>
            </li>
            <li>
              <Link to="/user-condition">
                <Trans>User conditions</Trans>
              </Link>
            </li>
            {import.meta.env.DEV && (
              <li>
                <Link to="/flows/{-$machine}">
                  <Trans>Flows studio</Trans>
                </Link>
              </li>
            )}
          </ul>
        </nav>
        <LazyNewsletter />
      </div>
      <div className="container footer-bottom">
        <p className="muted" data-testid="copyright">
          <Trans>
            © <bdi>{year}</bdi> {name}. All rights reserved.
          </Trans>
        </p>
        <WatchToggle />
      </div>
    </footer>
  );
}

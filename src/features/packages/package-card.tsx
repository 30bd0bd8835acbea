// One time package: hours, price in riyals, what an hour costs, validity, and a best-value mark.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { formatMoney } from './format';
import type { TimePackage } from '../../api/packages';

export interface PackageCardProps {
  pkg: TimePackage;
  selected: boolean;
  onChoose: (pkg: TimePackage) => void;
}

export function PackageCard({ pkg, selected, onChoose }: PackageCardProps) {
  const { t, i18n } = useLingui();
  const titleId = `package-${pkg.id}-title`;
  const price = formatMoney(pkg.price, pkg.currency, i18n.locale);
  const { hours, name } = pkg;
  const days = pkg.validity_days;
  const perHour = formatMoney(pkg.price_per_hour, pkg.currency, i18n.locale);
  return (
    <li
      className={`package-card${pkg.best_value ? ' package-best' : ''}${selected ? ' package-selected' : ''}`}
      aria-labelledby={titleId}
      data-testid={`package-${pkg.hours}`}
    >
      {pkg.best_value ? (
        <p className="package-badge">
          <Trans>Best value</Trans>
        </p>
      ) : null}
      <h3 id={titleId}>{name}</h3>
      <p className="package-hours">
        <Plural value={hours} one="# hour" other="# hours" />
      </p>
      <p className="package-price">{price}</p>
      <p className="muted small">
        <Trans>{perHour} per hour</Trans>
      </p>
      <p className="muted small">
        <Plural value={days} one="Valid for # day" other="Valid for # days" />
      </p>
      <Button
        variant={selected ? 'primary' : 'secondary'}
        aria-pressed={selected}
        aria-label={t`Choose ${name}`}
        onClick={() => onChoose(pkg)}
      >
        <Trans>Choose</Trans>
      </Button>
    </li>
  );
}

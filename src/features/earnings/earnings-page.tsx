// The teacher's monthly statement: the hours taught and earned in one month (in the teacher's own zone),
// every session with what it counted and why, and the totals finance pays from. Print-ready like the
// receipt (the same document layout): "Download PDF" is the browser's print. The product pays nothing
// itself; the statement says so.
import { useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { EarningBasis } from '../../../contract/earnings-rule';
import { Button } from '../../ui/button';
import { formatMinor } from '../../domain/money';
import { formatDateTime, monthName } from '../../domain/time';
import { earningsQuery } from '../../api/earnings';
import { shiftMonth } from './shift-month';
import '../../ui/print-document.css';

export function EarningsPage({ month, onMonth }: { month?: string | undefined; onMonth: (month: string) => void }) {
  const { i18n, t } = useLingui();
  const statement = useQuery(earningsQuery(month, i18n.locale));
  const bases: Record<EarningBasis, string> = {
    taught: t`Taught`,
    cancelled_late: t`Cancelled late by the family`,
    ended_early: t`Ended early`,
    teacher_absent: t`Teacher did not join`,
    not_counted: t`Cancelled in time`,
  };

  if (statement.isError) {
    return (
      <section className="print-page">
        <h1>
          <Trans>Earnings</Trans>
        </h1>
        <p role="alert">
          <Trans>The statement could not be loaded. Try again in a moment.</Trans>
        </p>
      </section>
    );
  }
  if (!statement.data) {
    return (
      <section className="print-page" aria-busy="true">
        <p className="muted">
          <Trans>Loading the statement…</Trans>
        </p>
      </section>
    );
  }
  const s = statement.data;
  const hours = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 2 }).format(s.counted_minutes / 60);
  const counted = s.lines.filter((l) => l.counted_minutes > 0).length;
  const title = monthName(s.month, i18n.locale);
  return (
    <section className="print-page">
      <nav className="print-actions no-print" aria-label={t`Months`}>
        <Button variant="ghost" onClick={() => onMonth(shiftMonth(s.month, -1))}>
          <Trans>Previous month</Trans>
        </Button>
        <Button variant="ghost" onClick={() => onMonth(shiftMonth(s.month, 1))}>
          <Trans>Next month</Trans>
        </Button>
        <Button onClick={() => window.print()}>
          <Trans>Download PDF</Trans>
        </Button>
      </nav>
      <article className="print-document" aria-labelledby="earnings-title" data-testid="earnings-statement">
        <header className="print-header">
          <p className="print-title-line">{s.teacher.name}</p>
          <p>
            <Trans>Times in {s.time_zone}</Trans>
          </p>
        </header>
        <h1 id="earnings-title">
          <Trans>Earnings statement: {title}</Trans>
        </h1>
        <table className="print-table">
          <tbody>
            <tr>
              <th scope="row">
                <Trans>Hours taught</Trans>
              </th>
              <td data-testid="earnings-hours">{hours}</td>
            </tr>
            <tr>
              <th scope="row">
                <Trans>Sessions counted</Trans>
              </th>
              <td>{counted}</td>
            </tr>
            {s.totals.map((total) => (
              <tr key={total.currency}>
                <th scope="row">
                  <Trans>Earned</Trans>
                </th>
                <td data-testid="earnings-total">
                  <strong>{formatMinor(total.amount_minor, total.currency, i18n.locale)}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2>
          <Trans>Sessions</Trans>
        </h2>
        {s.lines.length === 0 ? (
          <p className="muted">
            <Trans>No sessions this month.</Trans>
          </p>
        ) : (
          <table className="print-table" data-testid="earnings-lines">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Date</Trans>
                </th>
                <th scope="col">
                  <Trans>Session</Trans>
                </th>
                <th scope="col">
                  <Trans>Counted</Trans>
                </th>
                <th scope="col" className="print-number">
                  <Trans>Amount</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {s.lines.map((line) => (
                <tr key={line.request_id}>
                  <td>{formatDateTime(line.starts_at, i18n.locale, s.time_zone)}</td>
                  <td>
                    {line.subject} · <bdi>{line.student}</bdi>
                  </td>
                  <td>
                    <Plural value={line.counted_minutes} one="# minute" other="# minutes" /> · {bases[line.basis]}
                  </td>
                  <td className="print-number">{formatMinor(line.earned_minor, line.rate.currency, i18n.locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="muted">
          <Trans>Noor makes no payouts itself: this statement is what finance pays from.</Trans>
        </p>
      </article>
    </section>
  );
}

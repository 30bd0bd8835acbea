// The audit log (administrators): every staff action, newest first — who, what, on whom, before and
// after (a list of fields in words), when, from which address — filtered by action, member, target and
// dates, paged by "older", and exported as CSV with the same filters (fetched with the staff token).
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { LoadState } from '../../ui/load-state';
import { TextInput } from '../../ui/text-input';
import { toast } from '../../ui/toast-store';
import { AUDIT_PAGE_SIZE, auditParams, auditQuery, fetchBlob, type AuditFilter } from './admin-api';
import { AuditChange } from './audit-change';
import { dateTime } from './format';
import { NotAllowed } from './not-allowed';
import { mayUse } from './roles';
import { useStaffSession } from './staff-session';

const FILTERS = ['action', 'staff_id', 'target_type', 'target_id', 'from', 'to'] as const;

export function AuditPage() {
  const { t, i18n } = useLingui();
  const role = useStaffSession()?.staff.role;
  const [draft, setDraft] = useState<AuditFilter>({});
  const [filter, setFilter] = useState<AuditFilter>({});
  // The ids that started each page so far, for "newer" after "older".
  const [pages, setPages] = useState<(string | undefined)[]>([]);
  const allowed = !role || mayUse(role, 'audit');
  const log = useQuery({ ...auditQuery(filter), enabled: allowed, placeholderData: keepPreviousData });
  if (!allowed) return <NotAllowed />;
  const labels: Record<(typeof FILTERS)[number], string> = {
    action: t`Action (e.g. teachers.reject)`,
    staff_id: t`Staff member number`,
    target_type: t`Target type (teacher, family, staff…)`,
    target_id: t`Target number`,
    from: t`From date`,
    to: t`Before date`,
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setPages([]);
    setFilter({ ...draft });
  };
  const exportCsv = async () => {
    try {
      const { before_id: _ignored, ...rest } = filter;
      const blob = await fetchBlob('admin/audit.csv', { ...auditParams(rest), limit: '1000' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = 'audit.csv';
      a.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      toast.show({
        severity: 'error',
        summary: t`The export failed`,
        detail: isApiError(error) && error.serverMessage ? error.serverMessage : t({ message: 'Please try again.', context: 'console' }),
      });
    }
  };
  const rows = log.data ?? [];
  const last = rows[rows.length - 1];
  return (
    <section className="console-page">
      <h1>
        <Trans>Audit log</Trans>
      </h1>
      <form className="console-filters" onSubmit={apply} aria-label={t`Filters`}>
        {FILTERS.map((name) => (
          <div key={name} className="field">
            <label htmlFor={`audit-${name}`} className="field-label">
              {labels[name]}
            </label>
            <TextInput
              id={`audit-${name}`}
              dir="ltr"
              type={name === 'from' || name === 'to' ? 'date' : 'text'}
              inputMode={name === 'staff_id' ? 'numeric' : undefined}
              value={draft[name] ?? ''}
              onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
              maxLength={100}
            />
          </div>
        ))}
        <div className="console-actions">
          <Button type="submit" variant="secondary">
            <Trans>Apply filters</Trans>
          </Button>
          <Button variant="ghost" onClick={() => void exportCsv()}>
            <Trans>Export as CSV</Trans>
          </Button>
        </div>
      </form>
      {!log.data ? (
        <LoadState failed={log.isError} failedText={<Trans>The audit log could not be loaded.</Trans>} />
      ) : rows.length === 0 ? (
        <p className="muted">
          <Trans>No entries match.</Trans>
        </p>
      ) : (
        <table className="console-table console-audit">
          <thead>
            <tr>
              <th scope="col">
                <Trans context="console">When</Trans>
              </th>
              <th scope="col">
                <Trans>Who</Trans>
              </th>
              <th scope="col">
                <Trans>Action</Trans>
              </th>
              <th scope="col">
                <Trans>On</Trans>
              </th>
              <th scope="col">
                <Trans>Before → after</Trans>
              </th>
              <th scope="col">
                <Trans context="console">Address</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={e.id}>
                <td data-label={t({ message: 'When', context: 'console' })}>
                  <time dateTime={e.at}>{dateTime(e.at, i18n.locale)}</time>
                </td>
                <td data-label={t`Who`} dir="ltr" className="console-ltr">
                  {e.actor}
                </td>
                <td data-label={t`Action`} dir="ltr" className="console-mono console-ltr">
                  {e.action}
                </td>
                <td data-label={t`On`} dir="ltr" className="console-ltr">
                  {e.target_type ? `${e.target_type} ${e.target_id ?? ''}` : '—'}
                </td>
                <td data-label={t`Before → after`} className="console-wrap">
                  <AuditChange before={e.before} after={e.after} />
                </td>
                <td data-label={t({ message: 'Address', context: 'console' })} dir="ltr" className="console-ltr">
                  {e.address}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="pager" aria-label={t`Audit log pages`}>
        <Button
          variant="secondary"
          disabled={pages.length === 0}
          onClick={() => {
            const previous = pages.slice(0, -1);
            setPages(previous);
            setFilter({ ...filter, before_id: pages[pages.length - 1] });
          }}
        >
          <Trans>Newer</Trans>
        </Button>
        <Button
          variant="secondary"
          disabled={rows.length < AUDIT_PAGE_SIZE || !last}
          onClick={() => {
            setPages([...pages, filter.before_id]);
            setFilter({ ...filter, before_id: String(last!.id) });
          }}
        >
          <Trans>Older</Trans>
        </Button>
      </nav>
    </section>
  );
}

// The review queue: applications in review, the longest waiting first (since they last entered review:
// a resubmission waits from its resubmission, marked with the reason it was rejected for), with the
// subjects, phases, country and experience to triage by; a search by name or phone; pages.
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { LoadState } from '../../ui/load-state';
import { Pager } from '../../ui/pager';
import { TextInput } from '../../ui/text-input';
import { queueQuery, QUEUE_PAGE_SIZE } from './admin-api';
import { countryName, dateTime, listOf, timeSince } from './format';

/** `?q=` (at most 100 characters) and `?page=` (a whole number from 1) as the queue reads them. */
export function queueSearch(search: { q?: unknown; page?: unknown }): { q: string; page: number } {
  return {
    q: typeof search.q === 'string' ? search.q.slice(0, 100) : '',
    page: typeof search.page === 'number' && Number.isInteger(search.page) && search.page > 1 ? Math.min(search.page, 100_000) : 1,
  };
}

export function QueuePage({ q, page, onSearch }: { q: string; page: number; onSearch: (next: { q: string; page: number }) => void }) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState(q);
  const queue = useQuery({ ...queueQuery(q, page), placeholderData: keepPreviousData });
  const search = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ q: text.trim(), page: 1 });
  };
  const pages = queue.data ? Math.max(1, Math.ceil(queue.data.meta.total / QUEUE_PAGE_SIZE)) : 1;
  return (
    <section className="console-page">
      <h1>
        <Trans>Review queue</Trans>
      </h1>
      <form role="search" className="console-search" onSubmit={search}>
        <label htmlFor="queue-search" className="field-label">
          <Trans>Name or phone</Trans>
        </label>
        <TextInput id="queue-search" type="search" value={text} onChange={(e) => setText(e.target.value)} maxLength={100} />
        <Button type="submit" variant="secondary">
          <Trans>Search</Trans>
        </Button>
      </form>
      {!queue.data ? (
        <LoadState failed={queue.isError} failedText={<Trans>The queue could not be loaded.</Trans>} />
      ) : queue.data.data.length === 0 ? (
        <p className="muted">
          {q ? <Trans>No application in review matches this search.</Trans> : <Trans>No application is waiting for review.</Trans>}
        </p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            <Plural value={queue.data.meta.total} one="# application in review" other="# applications in review" />
          </p>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Applicant</Trans>
                </th>
                <th scope="col">
                  <Trans>Waiting</Trans>
                </th>
                <th scope="col">
                  <Trans context="console">Subjects</Trans>
                </th>
                <th scope="col">
                  <Trans context="console">Phases</Trans>
                </th>
                <th scope="col">
                  <Trans>Country</Trans>
                </th>
                <th scope="col">
                  <Trans>Experience</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {queue.data.data.map((row) => (
                <tr key={row.id}>
                  <th scope="row" data-label={t`Applicant`}>
                    <Link to="/admin/teachers/$id" params={{ id: String(row.id) }}>
                      {row.name}
                    </Link>
                    <span className="console-phone" dir="ltr">
                      {row.phone}
                    </span>
                    {row.resubmitted ? (
                      <span className="console-resubmitted">
                        <span className="console-badge">
                          <Trans>Resubmitted</Trans>
                        </span>
                        {row.previous_reason ? (
                          <span className="console-previous">
                            <Trans>Previously rejected: {row.previous_reason}</Trans>
                          </span>
                        ) : null}
                      </span>
                    ) : null}
                  </th>
                  <td data-label={t`Waiting`}>
                    <time dateTime={row.in_review_since} title={dateTime(row.in_review_since, i18n.locale)}>
                      {timeSince(row.in_review_since, i18n.locale)}
                    </time>
                  </td>
                  <td data-label={t({ message: 'Subjects', context: 'console' })}>{listOf(row.subjects, i18n.locale)}</td>
                  <td data-label={t({ message: 'Phases', context: 'console' })}>{listOf(row.phases, i18n.locale)}</td>
                  <td data-label={t`Country`}>{countryName(row.country_code, i18n.locale)}</td>
                  <td data-label={t`Experience`}>
                    {row.experience_years === null ? '—' : <Plural value={row.experience_years} one="# year" other="# years" />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager label={t`Queue pages`} page={page} pages={pages} onPage={(p) => onSearch({ q, page: p })} />
        </>
      )}
    </section>
  );
}

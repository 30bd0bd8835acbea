// The review queue: applications in review, the longest waiting first (since they last entered review:
// a resubmission waits from its resubmission, marked with the reason it was rejected for), with the
// subjects, phases, country and experience to triage by; a search by name or phone, filters by subject
// and "resubmitted only"; pages.
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { subjectsQuery } from '../../api/reference';
import { Button } from '../../ui/button';
import { LoadState } from '../../ui/load-state';
import { Pager } from '../../ui/pager';
import { SelectInput } from '../../ui/select-input';
import { TextInput } from '../../ui/text-input';
import { queueQuery, QUEUE_PAGE_SIZE, type QueueFilters } from './admin-api';
import { countryName, dateTime, listOf, timeSince } from './format';

/** The queue's place as the address keeps it: `?q=` (at most 100 characters), `?subject=`, `?resubmitted=1`, `?page=`. */
export interface QueueSearch extends QueueFilters {
  page: number;
}

const wholeNumber = (v: unknown, max: number): number | null => {
  const n = typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? Math.min(n, max) : null;
};

/** The search params as the queue reads them; anything else is dropped. */
export function queueSearch(search: { q?: unknown; page?: unknown; subject?: unknown; resubmitted?: unknown }): QueueSearch {
  return {
    q: typeof search.q === 'string' ? search.q.slice(0, 100) : '',
    page: wholeNumber(search.page, 100_000) ?? 1,
    subject: wholeNumber(search.subject, 999_999),
    resubmitted: search.resubmitted === 1 || search.resubmitted === '1' || search.resubmitted === true,
  };
}

export function QueuePage({ search: place, onSearch }: { search: QueueSearch; onSearch: (next: QueueSearch) => void }) {
  const { t, i18n } = useLingui();
  const { q, page } = place;
  const [text, setText] = useState(q);
  const [subject, setSubject] = useState(place.subject === null ? '' : String(place.subject));
  const [resubmitted, setResubmitted] = useState(place.resubmitted);
  const subjects = useQuery({ ...subjectsQuery(i18n.locale), meta: { silent: true } });
  const queue = useQuery({ ...queueQuery(place, page), placeholderData: keepPreviousData });
  const search = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ q: text.trim(), subject: subject ? Number(subject) : null, resubmitted, page: 1 });
  };
  const filtered = q !== '' || place.subject !== null || place.resubmitted;
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
        <label htmlFor="queue-subject" className="field-label">
          <Trans context="console">Subject</Trans>
        </label>
        <SelectInput
          id="queue-subject"
          value={subject}
          onChange={setSubject}
          placeholder={t`All subjects`}
          options={(subjects.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        />
        <label className="console-check">
          <input type="checkbox" checked={resubmitted} onChange={(e) => setResubmitted(e.target.checked)} />
          <Trans>Resubmitted only</Trans>
        </label>
        <Button type="submit" variant="secondary">
          <Trans>Search</Trans>
        </Button>
      </form>
      {!queue.data ? (
        <LoadState failed={queue.isError} failedText={<Trans>The queue could not be loaded.</Trans>} />
      ) : queue.data.data.length === 0 ? (
        <p className="muted">
          {filtered ? <Trans>No application in review matches this search.</Trans> : <Trans>No application is waiting for review.</Trans>}
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
          <Pager label={t`Queue pages`} page={page} pages={pages} onPage={(p) => onSearch({ ...place, page: p })} />
        </>
      )}
    </section>
  );
}

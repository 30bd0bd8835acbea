// The requests screen (spec §2 `requests/{studentId?}/{teacherId?}/{requestId?}`): a student's own
// requests with cancel, a teacher's addressed and offered requests with approve and reject, under the
// spec's filters, paged by the server. The optional path parts narrow the list (docs/decisions.md):
// a teacher to one student, a student to one teacher; a request id opens that request at the top. A
// family with more than one active child can also show one child's requests (`?child=`).
// Live: the user's private channel refreshes the list when a request changes or is offered. Urgent
// requests still waiting come first, with a countdown; a teacher chooses whether their alert sounds.
import './requests.css';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { RequestFilter } from '../../../contract/requests';
import { CANCEL_CUTOFF_MS } from '../../../contract/request-values';
import { requestQuery, requestsQuery, type RequestSummary } from '../../api/requests';
import { UrgentSoundToggle } from '../../domain/urgent-sound';
import { useRequestUpdates, type Connect } from '../../realtime/use-request-updates';
import { Button } from '../../ui/button';
import { Pager } from '../../ui/pager';
import { ChildFilter } from './child-filter';
import { FilterTabs } from './filter-tabs';
import { RequestCard } from './request-card';
import { EmptyRequests } from './empty-requests';
import { LoadState } from '../../ui/load-state';

export interface Viewer {
  id: number | null;
  role: 'student' | 'teacher';
}

export interface RequestsPageProps {
  viewer: Viewer;
  filter: RequestFilter;
  page: number;
  studentId?: number | undefined;
  teacherId?: number | undefined;
  requestId?: number | undefined;
  /** A family's filter by child (from the address). */
  childId?: number | undefined;
  onFilterChange: (filter: RequestFilter) => void;
  onChildChange?: (childId: number | undefined) => void;
  onPageChange: (page: number) => void;
  /** Leaves the narrowing by student / teacher / request (back to `/requests`). */
  onShowAll: () => void;
  perPage?: number;
  /** Tests give a fake realtime connection. */
  connect?: Connect;
  /** Shown under the introduction (the route gives a teacher without working hours a prompt). */
  notice?: ReactNode;
}

/** Urgent requests still waiting come first: they expire soonest. The rest keep the server's order. */
function urgentFirst(requests: readonly RequestSummary[]): RequestSummary[] {
  const urgent = (r: RequestSummary) => r.type === 'urgent' && r.status === 'pending';
  return [...requests.filter(urgent), ...requests.filter((r) => !urgent(r))];
}

export function RequestsPage(props: RequestsPageProps) {
  const { viewer, filter, page, studentId, teacherId, requestId, perPage, onChildChange } = props;
  const childId = viewer.role === 'student' ? props.childId : undefined;
  const { t, i18n } = useLingui();
  const panelId = useId();
  useRequestUpdates(viewer.id, props.connect);

  const list = useQuery({
    ...requestsQuery({ filter, page, studentId, teacherId, childId, perPage }, i18n.locale),
    placeholderData: keepPreviousData,
  });
  const opened = useQuery({ ...requestQuery(requestId ?? 0, i18n.locale), enabled: requestId !== undefined });
  const openedRef = useRef<HTMLElement>(null);

  // The address names a request: bring it into view and give it focus once it is on screen.
  const openedId = opened.data?.id;
  useEffect(() => {
    if (openedId === undefined) return;
    openedRef.current?.scrollIntoView?.({ block: 'start' });
    openedRef.current?.focus({ preventScroll: true });
  }, [openedId]);

  const meta = list.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.per_page)) : 1;
  const narrowed = studentId !== undefined || teacherId !== undefined || requestId !== undefined;
  const requests = urgentFirst(list.data?.data ?? []);

  return (
    <section className="page container requests-page">
      <h1>
        <Trans>Requests</Trans>
      </h1>
      <p className="lead">
        {viewer.role === 'teacher' ? (
          <Trans>Requests addressed to you and requests offered to teachers of your level. Approve or reject those waiting.</Trans>
        ) : (
          <>
            <Trans>Your session requests and where each one stands.</Trans>{' '}
            {/* The family's rule: a request waiting for a teacher any time, a booked session until the cut-off. */}
            <Plural
              value={CANCEL_CUTOFF_MS / 3_600_000}
              one="You can cancel a request while it waits for a teacher, and a booked session up to # hour before it starts."
              other="You can cancel a request while it waits for a teacher, and a booked session up to # hours before it starts."
            />
          </>
        )}
      </p>

      {props.notice}
      {viewer.role === 'teacher' ? <UrgentSoundToggle /> : null}

      {narrowed ? (
        <p className="requests-narrowed" role="note">
          {requestId !== undefined ? (
            <Trans>Showing one request at the top of the list.</Trans>
          ) : viewer.role === 'teacher' && studentId !== undefined ? (
            <Trans>Showing your requests with one student.</Trans>
          ) : viewer.role === 'student' && teacherId !== undefined ? (
            <Trans>Showing your requests with one teacher.</Trans>
          ) : (
            <Trans>Showing part of your requests.</Trans>
          )}{' '}
          <Button variant="ghost" className="button-small" onClick={props.onShowAll}>
            <Trans>Show all requests</Trans>
          </Button>
        </p>
      ) : null}

      {requestId !== undefined ? (
        <section className="requests-opened" aria-labelledby="opened-request-title">
          <h2 id="opened-request-title" className="visually-hidden">
            <Trans>The request you opened</Trans>
          </h2>
          {opened.data ? (
            <RequestCard ref={openedRef} request={opened.data} role={viewer.role} selected />
          ) : (
            <LoadState failed={opened.isError} failedText={<Trans>This request could not be found.</Trans>} />
          )}
        </section>
      ) : null}

      {viewer.role === 'student' && onChildChange ? <ChildFilter value={childId} onChange={onChildChange} /> : null}
      <FilterTabs value={filter} onChange={props.onFilterChange} panelId={panelId} />
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={`request-tab-${filter}`}
        className="requests-panel"
        aria-busy={list.isFetching || undefined}
      >
        {list.data ? (
          requests.length > 0 ? (
            <ul className="request-list">
              {requests.map((request) => (
                <li key={request.id}>
                  <RequestCard request={request} role={viewer.role} selected={request.id === requestId && !opened.data} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyRequests filter={filter} role={viewer.role} />
          )
        ) : (
          <LoadState failed={list.isError} failedText={<Trans>The requests could not be loaded. Please try again later.</Trans>} />
        )}
      </div>

      <Pager label={t`Pages of requests`} page={page} pages={pages} onPage={props.onPageChange} />
    </section>
  );
}

// One application: everything the sign-up gave beside the documents shown in place (the newest of each
// kind, with the files it replaced) and the intro video if the teacher sent one, the review actions the status allows (a refused change shows the
// server's message, which names the current status), the internal notes and the status history with
// the staff member behind each change. Support reads the application and history only.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { DOCUMENT_FIELDS } from '../../../contract/auth';
import type { ReviewDocument, ReviewTeacherDetail } from '../../../contract/teacher-review';
import { LoadState } from '../../ui/load-state';
import { documentsQuery, historyQuery, teacherQuery } from './admin-api';
import { DocumentView } from './document-view';
import { IntroVideoSection } from './intro-video-section';
import { countryName, dateTime, listOf, timeSince } from './format';
import { NotesSection } from './notes-section';
import { RateSection } from './rate-section';
import { ReviewActions } from './review-actions';
import { mayUse } from './roles';
import { useStaffSession } from './staff-session';
import { documentTexts, statusTexts } from './texts';

export function ApplicationPage({ id }: { id: string }) {
  const role = useStaffSession()?.staff.role ?? 'support';
  const teacher = useQuery(teacherQuery(id));
  if (!teacher.data) {
    return (
      <section className="console-page">
        <LoadState failed={teacher.isError} failedText={<Trans>The application could not be loaded.</Trans>} />
      </section>
    );
  }
  const data = teacher.data;
  return (
    <section className="console-page" aria-labelledby="application-title">
      <h1 id="application-title">{data.name}</h1>
      <div className="console-split">
        <div className="console-column">
          <Facts teacher={data} />
          {mayUse(role, 'review') ? <ReviewActions id={id} status={data.status} /> : null}
          {mayUse(role, 'review') ? <NotesSection id={id} /> : null}
          {mayUse(role, 'rates') ? <RateSection id={id} canSet={mayUse(role, 'setRates')} /> : null}
          <History id={id} />
        </div>
        {mayUse(role, 'documents') ? (
          <div className="console-column">
            <Documents id={id} />
            <IntroVideoSection id={id} name={data.name} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

function Facts({ teacher }: { teacher: ReviewTeacherDetail }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return (
    <section className="console-card" aria-labelledby="facts-title">
      <h2 id="facts-title">
        <Trans>Sign-up data</Trans>
      </h2>
      <dl className="console-facts">
        <dt>
          <Trans context="console">Status</Trans>
        </dt>
        <dd>
          <span className={`console-status console-status-${teacher.status}`}>{i18n._(statusTexts[teacher.status])}</span>
          {teacher.resubmitted ? (
            <span className="console-badge">
              <Trans>Resubmitted</Trans>
            </span>
          ) : null}
        </dd>
        {teacher.status === 'in_review' ? (
          <>
            <dt>
              <Trans>Waiting since</Trans>
            </dt>
            <dd>
              <time dateTime={teacher.in_review_since}>{dateTime(teacher.in_review_since, locale)}</time> (
              {timeSince(teacher.in_review_since, locale)})
            </dd>
          </>
        ) : null}
        {teacher.previous_reason ? (
          <>
            <dt>
              <Trans>Previous rejection</Trans>
            </dt>
            <dd className="console-pre">{teacher.previous_reason}</dd>
          </>
        ) : null}
        {teacher.review_reason ? (
          <>
            <dt>
              <Trans>Reason given</Trans>
            </dt>
            <dd className="console-pre">{teacher.review_reason}</dd>
          </>
        ) : null}
        <dt>
          <Trans context="console">Phone</Trans>
        </dt>
        <dd dir="ltr" className="console-ltr">
          {teacher.phone}
        </dd>
        <dt>
          <Trans>Email</Trans>
        </dt>
        <dd dir="ltr" className="console-ltr">
          {teacher.email ?? '—'}
        </dd>
        <dt>
          <Trans>Country</Trans>
        </dt>
        <dd>{countryName(teacher.country_code, locale)}</dd>
        <dt>
          <Trans>Experience</Trans>
        </dt>
        <dd>{teacher.experience_years === null ? '—' : <Plural value={teacher.experience_years} one="# year" other="# years" />}</dd>
        <dt>
          <Trans>Qualification</Trans>
        </dt>
        <dd>{teacher.qualification ?? '—'}</dd>
        <dt>
          <Trans context="console">Subjects</Trans>
        </dt>
        <dd>{listOf(teacher.subjects, locale)}</dd>
        <dt>
          <Trans context="console">Phases</Trans>
        </dt>
        <dd>{listOf(teacher.phases, locale)}</dd>
        <dt>
          <Trans context="console">Time zone</Trans>
        </dt>
        <dd dir="ltr" className="console-ltr">
          {teacher.time_zone}
        </dd>
        <dt>
          <Trans>Signed up</Trans>
        </dt>
        <dd>
          <time dateTime={teacher.created_at}>{dateTime(teacher.created_at, locale)}</time>
        </dd>
      </dl>
    </section>
  );
}

function Documents({ id }: { id: string }) {
  const { i18n } = useLingui();
  const docs = useQuery(documentsQuery(id));
  if (!docs.data) return <LoadState failed={docs.isError} failedText={<Trans>The documents could not be loaded.</Trans>} />;
  // Newest first from the server: the first of each kind is the one in force, the rest it replaced.
  const byKind = new Map<string, ReviewDocument[]>();
  for (const d of docs.data) byKind.set(d.kind, [...(byKind.get(d.kind) ?? []), d]);
  return (
    <section className="console-card" aria-labelledby="documents-title">
      <h2 id="documents-title">
        <Trans context="console">Documents</Trans>
      </h2>
      {docs.data.length === 0 ? (
        <p className="muted">
          <Trans>No documents were uploaded.</Trans>
        </p>
      ) : null}
      {DOCUMENT_FIELDS.filter((kind) => byKind.has(kind)).map((kind) => {
        const [current, ...replaced] = byKind.get(kind)!;
        const title = i18n._(documentTexts[kind]);
        return (
          <figure key={kind} className="console-document">
            <figcaption>
              <strong>{title}</strong> · <time dateTime={current!.created_at}>{dateTime(current!.created_at, i18n.locale)}</time>
            </figcaption>
            <DocumentView document={current!} title={title} />
            {replaced.map((old) => (
              <ReplacedDocument key={old.id} document={old} title={title} />
            ))}
          </figure>
        );
      })}
    </section>
  );
}

/** A file a newer one replaced: closed, and fetched only when opened. */
function ReplacedDocument({ document: doc, title }: { document: ReviewDocument; title: string }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <details className="console-replaced" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <Trans>Replaced file of {dateTime(doc.created_at, i18n.locale)}</Trans>
      </summary>
      {open ? <DocumentView document={doc} title={title} /> : null}
    </details>
  );
}

function History({ id }: { id: string }) {
  const { i18n } = useLingui();
  const history = useQuery(historyQuery(id));
  return (
    <section className="console-card" aria-labelledby="history-title">
      <h2 id="history-title">
        <Trans>Status history</Trans>
      </h2>
      {!history.data ? (
        <LoadState failed={history.isError} failedText={<Trans>The history could not be loaded.</Trans>} />
      ) : history.data.length === 0 ? (
        <p className="muted">
          <Trans>No status change yet.</Trans>
        </p>
      ) : (
        <ol className="console-history">
          {history.data.map((h, index) => {
            const from = i18n._(statusTexts[h.from_status]);
            const to = i18n._(statusTexts[h.to_status]);
            return (
              <li key={`${h.at}-${index}`}>
                <time dateTime={h.at}>{dateTime(h.at, i18n.locale)}</time>
                <span>
                  <Trans>
                    From {from} to {to}
                  </Trans>
                </span>
                <span className="muted">
                  {h.staff === null ? <Trans context="console">by the teacher</Trans> : <Trans>by {h.staff}</Trans>}
                </span>
                {h.reason ? <p className="console-pre">{h.reason}</p> : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

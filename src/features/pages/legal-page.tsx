// The frame of every text page (about, privacy, terms, user conditions): one h1, an optional lead
// and last-updated line, a table of contents built from the sections, then the sections themselves.
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useMacroLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export interface LegalSection {
  id: string;
  title: ReactNode;
  body: ReactNode;
}

interface LegalPageProps {
  title: ReactNode;
  lead: ReactNode;
  /** ISO date of the last revision; omitted for pages that are not agreements. */
  updated?: string;
  sections: LegalSection[];
  testId: string;
}

export function LegalPage({ title, lead, updated, sections, testId }: LegalPageProps) {
  const { i18n } = useLingui();
  const { t } = useMacroLingui();
  const date = updated ? i18n.date(new Date(`${updated}T12:00:00Z`), { dateStyle: 'long' }) : null;
  return (
    <article className="page container text-page" data-testid={testId}>
      <div className="text-page-head">
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
        {date && (
          <p className="muted small">
            <Trans>
              Last updated: <bdi>{date}</bdi>
            </Trans>
          </p>
        )}
      </div>
      <div className="text-page-body">
        <nav aria-label={t`On this page`} className="toc">
          <h2 className="toc-title">
            <Trans>On this page</Trans>
          </h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="prose">
          {sections.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
              <h2 id={`${s.id}-title`}>{s.title}</h2>
              {s.body}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}

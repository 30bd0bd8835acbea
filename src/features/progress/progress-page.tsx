// A child's progress for the family (contract/progress.ts): the figures first (lessons, hours, verses
// memorised and revised), then the Quran by surah, the homework still open, the latest lesson reports
// and the lessons per subject by month. Phone first: one column, every list wraps; bars always carry
// their numbers in text. Opened from the profile's children and from a lesson's details.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { progressQuery, type ChildProgress } from '../../api/progress';
import { quranGradeTexts, quranKindTexts } from '../../domain/quran-texts';
import { formatDate, monthName } from '../../domain/time';
import { Fact } from '../../ui/fact';
import { Spinner } from '../../ui/spinner';
import { SurahGrid } from './surah-grid';
import './progress.css';

const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

function useDates(zone: string) {
  const { i18n } = useLingui();
  return {
    day: (iso: string) => formatDate(iso, i18n.locale, zone),
    // "2030-02" is a calendar month already counted in the family's zone: shown as is.
    month: (ym: string) => monthName(ym, i18n.locale),
  };
}

export function ProgressPage({ childId }: { childId: number }) {
  const { i18n } = useLingui();
  const progress = useQuery({ ...progressQuery(childId, i18n.locale), enabled: childId > 0 });

  if (childId <= 0 || progress.isError) {
    return (
      <section className="page container progress-page">
        <h1>
          <Trans>Progress</Trans>
        </h1>
        <p role="alert">
          <Trans>This child could not be found in your family.</Trans>
        </p>
        <Link to="/profile">
          <Trans>Back to the profile</Trans>
        </Link>
      </section>
    );
  }
  if (!progress.data) {
    return (
      <section className="page container progress-page" aria-busy="true">
        <h1>
          <Trans>Progress</Trans>
        </h1>
        <Spinner />
      </section>
    );
  }
  return <Progress p={progress.data} />;
}

function Progress({ p }: { p: ChildProgress }) {
  const name = `${p.child.first_name} ${p.child.last_name}`.trim();
  const nothingYet = p.lessons_taken === 0 && p.latest_reports.length === 0;
  const hours = p.hours_taught;
  const lessons = p.lessons_taken;
  const first = p.child.first_name;
  return (
    <section className="page container progress-page" aria-labelledby="progress-title">
      <header className="progress-head">
        <h1 id="progress-title">
          <Trans>Progress of {name}</Trans>
        </h1>
        <Link to="/profile" className="small">
          <Trans>Back to the profile</Trans>
        </Link>
      </header>

      <dl className="progress-figures" data-testid="progress-figures">
        <Fact term={<Trans>Lessons taken</Trans>} valueTestId="progress-lessons">
          {lessons}
        </Fact>
        <Fact term={<Trans>Hours taught</Trans>} valueTestId="progress-hours">
          {hours}
        </Fact>
        <Fact term={<Trans>Verses memorised</Trans>} valueTestId="progress-memorised">
          {p.quran.memorised}
        </Fact>
        <Fact term={<Trans>Verses revised</Trans>} valueTestId="progress-revised">
          {p.quran.revised}
        </Fact>
      </dl>

      {nothingYet ? (
        <div className="progress-card progress-empty" data-testid="progress-empty">
          <h2>
            <Trans>No lessons yet</Trans>
          </h2>
          <p>
            <Trans>When {first} has had lessons, what they learnt and the teachers' reports show here.</Trans>
          </p>
          <Link to="/teachers" className="button button-primary">
            <Trans>Find a teacher</Trans>
          </Link>
        </div>
      ) : (
        <>
          <QuranSection p={p} />
          <HomeworkSection p={p} />
          <ReportsSection p={p} />
          <SubjectsSection p={p} />
        </>
      )}
    </section>
  );
}

function QuranSection({ p }: { p: ChildProgress }) {
  return (
    <section className="progress-card" aria-labelledby="progress-quran">
      <h2 id="progress-quran">
        <Trans>The Quran</Trans>
      </h2>
      {p.quran.surahs.length === 0 ? (
        <p className="muted" data-testid="quran-empty">
          <Trans>
            No Quran reports yet. When a Quran teacher writes a lesson report, the verses memorised and revised show here surah by surah.
          </Trans>
        </p>
      ) : (
        <>
          <p className="muted small">
            <Trans>Each surah shows the verses memorised out of its verses; a full bar with a tick is a surah memorised whole.</Trans>
          </p>
          <SurahGrid quran={p.quran} />
        </>
      )}
    </section>
  );
}

function HomeworkSection({ p }: { p: ChildProgress }) {
  const dates = useDates(p.time_zone);
  return (
    <section className="progress-card" aria-labelledby="progress-homework">
      <h2 id="progress-homework">
        <Trans>Homework to do</Trans>
      </h2>
      {p.open_homework.length === 0 ? (
        <p className="muted">
          <Trans>No homework open.</Trans>
        </p>
      ) : (
        <ul className="progress-list" data-testid="open-homework">
          {p.open_homework.map((h) => {
            const teacher = h.teacher.first_name;
            const date = dates.day(h.starts_at);
            return (
              <li key={h.request_id}>
                <strong>{h.subject.name}</strong>
                <p dir="auto" className="progress-text">
                  {h.homework}
                </p>
                <span className="muted small">
                  <Trans>
                    Set by {teacher} on {date}
                  </Trans>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <p className="muted small">
        <Trans>Homework is the latest report's in each subject; the next lesson's report replaces it.</Trans>
      </p>
    </section>
  );
}

function ReportsSection({ p }: { p: ChildProgress }) {
  const { i18n } = useLingui();
  const dates = useDates(p.time_zone);
  return (
    <section className="progress-card" aria-labelledby="progress-reports">
      <h2 id="progress-reports">
        <Trans>Latest lesson reports</Trans>
      </h2>
      {p.latest_reports.length === 0 ? (
        <p className="muted">
          <Trans>No lesson reports yet.</Trans>
        </p>
      ) : (
        <ul className="progress-list" data-testid="latest-reports">
          {p.latest_reports.map((r) => {
            const teacher = r.teacher.first_name;
            const date = dates.day(r.starts_at);
            return (
              <li key={r.request_id}>
                <div className="progress-report-head">
                  <strong>{r.subject.name}</strong>
                  <span className="muted small">
                    <Trans>
                      {date} with {teacher}
                    </Trans>
                  </span>
                </div>
                <p dir="auto" className="progress-text">
                  {r.covered}
                </p>
                {r.quran.length > 0 ? (
                  <ul className="progress-verses">
                    {r.quran.map((e, i) => {
                      const surah = e.surah_name;
                      const from = e.from_ayah;
                      const to = e.to_ayah;
                      return (
                        <li key={i}>
                          <Trans>
                            {surah}, verses {from}–{to}
                          </Trans>{' '}
                          · {i18n._(quranKindTexts[e.kind])} · {i18n._(quranGradeTexts[e.grade])}
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
                {r.homework ? (
                  <p dir="auto" className="progress-text small">
                    <Trans>Homework:</Trans> {r.homework}
                  </p>
                ) : null}
                <Link to="/session-details/$requestId" params={{ requestId: String(r.request_id) }} className="small">
                  <Trans>Open the lesson</Trans>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function SubjectsSection({ p }: { p: ChildProgress }) {
  const dates = useDates(p.time_zone);
  const most = Math.max(1, ...p.subjects.flatMap((s) => s.months.map((m) => m.lessons)));
  return (
    <section className="progress-card" aria-labelledby="progress-subjects">
      <h2 id="progress-subjects">
        <Trans>Lessons per subject</Trans>
      </h2>
      {p.subjects.length === 0 ? (
        <p className="muted">
          <Trans>No lessons taken yet.</Trans>
        </p>
      ) : (
        p.subjects.map((s) => {
          const hours = hoursOf(s.minutes);
          const lessons = s.lessons;
          return (
            <div key={s.id} className="progress-subject" data-testid={`subject-${s.id}`}>
              <h3>
                {s.name}{' '}
                <span className="muted small">
                  <Plural value={lessons} one="# lesson" other="# lessons" /> · <Plural value={hours} one="# hour" other="# hours" />
                </span>
              </h3>
              <ul className="progress-months">
                {s.months.map((m) => {
                  const monthHours = hoursOf(m.minutes);
                  const monthLessons = m.lessons;
                  return (
                    <li key={m.month}>
                      <span className="progress-month">{dates.month(m.month)}</span>
                      <span className="progress-month-bar" aria-hidden="true">
                        <span style={{ inlineSize: `${Math.round((m.lessons / most) * 100)}%` }} />
                      </span>
                      <span className="small">
                        <Plural value={monthLessons} one="# lesson" other="# lessons" /> ·{' '}
                        <Plural value={monthHours} one="# hour" other="# hours" />
                      </span>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })
      )}
    </section>
  );
}

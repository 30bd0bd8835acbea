// A finished lesson's report on the session details: the family reads what the teacher wrote (what was
// covered, homework, a note, and for Quran the verses memorised, revised or recited with a grade); the
// session's teacher writes it and may change it until it is final (contract/reports.ts). A later teacher
// of the same child reads it from the server's rule; everyone else never sees the section's data.
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  QURAN_GRADES,
  QURAN_KINDS,
  REPORT_EDIT_DAYS,
  REPORT_MAX_ENTRIES,
  REPORT_NOTE_MAX,
  REPORT_TEXT_MAX,
  SURAHS,
  type QuranGrade,
  type QuranKind,
} from '../../../contract/reports';
import { isApiError } from '../../api/api-error';
import { reportQuery, saveReport, type LessonReport } from '../../api/reports';
import type { RequestDetail } from '../../api/requests';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { SelectInput } from '../../ui/select-input';
import { TextArea } from '../../ui/text-area';
import { TextInput } from '../../ui/text-input';
import { toast } from '../../ui/toast-store';
import { ZonedTime } from '../../domain/zoned-time';
import { quranGradeTexts, quranKindTexts } from '../../domain/quran-texts';

/** Whether the lesson is over (finished, or approved and past its end): only then is there a report. */
export const lessonIsOver = (detail: RequestDetail, now: number) =>
  detail.status === 'finished' || (detail.status === 'approved' && Date.parse(detail.ends_at) <= now);

/** Until when the lesson's teacher may write or change its report (the server's rule, contract/reports.ts). */
const reportWindowEnds = (detail: RequestDetail) => Date.parse(detail.ends_at) + REPORT_EDIT_DAYS * 24 * 3_600_000;

export function LessonReportSection({ detail, role, now }: { detail: RequestDetail; role: 'student' | 'teacher'; now: number }) {
  const { i18n } = useLingui();
  const report = useQuery(reportQuery(detail.id, i18n.locale));
  const [editing, setEditing] = useState(false);
  if (!report.isSuccess) return null;
  const data = report.data;
  // A report not written in time is not offered as a form the server would refuse.
  const mayWrite = role === 'teacher' && (data === null ? now < reportWindowEnds(detail) : data.editable);
  return (
    <section className="lesson-report" aria-labelledby="lesson-report-title" data-testid="lesson-report">
      <h2 id="lesson-report-title">
        <Trans>Lesson report</Trans>
      </h2>
      {mayWrite && (editing || data === null) ? (
        <ReportForm requestId={detail.id} report={data} onSaved={() => setEditing(false)} />
      ) : data ? (
        <>
          <ReportView report={data} />
          {mayWrite ? (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Trans>Change the report</Trans>
            </Button>
          ) : null}
        </>
      ) : (
        <p className="muted" data-testid="no-report">
          <Trans>The teacher has not written a report for this lesson yet.</Trans>
        </p>
      )}
    </section>
  );
}

function ReportView({ report }: { report: LessonReport }) {
  const { i18n } = useLingui();
  return (
    <div className="lesson-report-view">
      <h3>
        <Trans>What was covered</Trans>
      </h3>
      <p dir="auto" data-testid="report-covered">
        {report.covered}
      </p>
      {report.homework ? (
        <>
          <h3>
            <Trans>Homework</Trans>
          </h3>
          <p dir="auto" data-testid="report-homework">
            {report.homework}
          </p>
        </>
      ) : null}
      {report.note ? (
        <>
          <h3>
            <Trans>Note for the parent</Trans>
          </h3>
          <p dir="auto">{report.note}</p>
        </>
      ) : null}
      {report.quran.length > 0 ? (
        <>
          <h3>
            <Trans>Quran</Trans>
          </h3>
          <ul className="report-quran" data-testid="report-quran">
            {report.quran.map((e, i) => {
              const surah = e.surah_name;
              const from = e.from_ayah;
              const to = e.to_ayah;
              return (
                <li key={i}>
                  <strong>
                    <Trans>
                      {surah}, verses {from}–{to}
                    </Trans>
                  </strong>{' '}
                  · {i18n._(quranKindTexts[e.kind])} ·{' '}
                  <span className={`report-grade report-grade-${e.grade}`}>{i18n._(quranGradeTexts[e.grade])}</span>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {report.editable ? (
        <p className="muted small">
          <Trans>
            You can change this report until <ZonedTime iso={report.editable_until} />.
          </Trans>
        </p>
      ) : null}
    </div>
  );
}

interface EntryDraft {
  surah: string;
  from: string;
  to: string;
  kind: string;
  grade: string;
}

const emptyEntry = (): EntryDraft => ({ surah: '', from: '', to: '', kind: 'memorised', grade: 'good' });

function ReportForm({ requestId, report, onSaved }: { requestId: number; report: LessonReport | null; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [covered, setCovered] = useState(report?.covered ?? '');
  const [homework, setHomework] = useState(report?.homework ?? '');
  const [note, setNote] = useState(report?.note ?? '');
  const [entries, setEntries] = useState<EntryDraft[]>(
    report?.quran.map((e) => ({
      surah: String(e.surah),
      from: String(e.from_ayah),
      to: String(e.to_ayah),
      kind: e.kind,
      grade: e.grade,
    })) ?? [],
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const surahOptions = SURAHS.map(([verses, ar, en], i) => ({
    value: String(i + 1),
    label: `${i + 1}. ${i18n.locale === 'en' ? en : ar} (${verses})`,
  }));
  const kindOptions = QURAN_KINDS.map((k) => ({ value: k, label: i18n._(quranKindTexts[k]) }));
  const gradeOptions = QURAN_GRADES.map((g) => ({ value: g, label: i18n._(quranGradeTexts[g]) }));
  const change = (i: number, patch: Partial<EntryDraft>) => setEntries((list) => list.map((e, j) => (j === i ? { ...e, ...patch } : e)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!covered.trim()) {
      setErrors({ covered: [t`Write what was covered in the lesson.`] });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const input = {
        covered,
        homework,
        note,
        quran: entries.map((x) => ({
          surah: Number(x.surah),
          from_ayah: Number(x.from),
          to_ayah: Number(x.to),
          kind: x.kind as QuranKind,
          grade: x.grade as QuranGrade,
        })),
      };
      const { message } = await saveReport(queryClient, requestId, input, i18n.locale);
      toast.show({ severity: 'success', summary: message });
      onSaved();
    } catch (error) {
      if (isApiError(error) && error.status === 400) setErrors(error.fieldErrors);
      else if (isApiError(error)) setErrors({ _: [error.message] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="report-form" onSubmit={(e) => void submit(e)} noValidate>
      {errors._ ? (
        <p className="field-error" role="alert">
          {errors._.join(' ')}
        </p>
      ) : null}
      <Field label={<Trans>What was covered</Trans>} required errors={errors.covered}>
        {(control) => (
          <TextArea {...control} rows={3} maxLength={REPORT_TEXT_MAX} value={covered} onChange={(e) => setCovered(e.target.value)} />
        )}
      </Field>
      <Field label={<Trans>Homework (optional)</Trans>} errors={errors.homework}>
        {(control) => (
          <TextArea {...control} rows={2} maxLength={REPORT_NOTE_MAX} value={homework} onChange={(e) => setHomework(e.target.value)} />
        )}
      </Field>
      <Field label={<Trans>Note for the parent (optional)</Trans>} errors={errors.note}>
        {(control) => <TextArea {...control} rows={2} maxLength={REPORT_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />}
      </Field>
      <fieldset className="report-entries">
        <legend>
          <Trans>Quran: verses memorised, revised or recited (optional)</Trans>
        </legend>
        {entries.map((entry, i) => {
          const n = i + 1;
          const at = (field: string) => errors[`quran.${i}.${field}`] ?? [];
          return (
            <div className="report-entry" key={i} role="group" aria-label={t`Verses ${n}`} data-testid={`report-entry-${i}`}>
              <Field label={<Trans>Surah</Trans>} required errors={at('surah')}>
                {(control) => (
                  <SelectInput
                    {...control}
                    options={surahOptions}
                    placeholder={t`Choose a surah`}
                    value={entry.surah}
                    onChange={(v) => change(i, { surah: v })}
                  />
                )}
              </Field>
              <Field label={<Trans>From verse</Trans>} required errors={at('from_ayah')}>
                {(control) => (
                  <TextInput {...control} inputMode="numeric" value={entry.from} onChange={(e) => change(i, { from: e.target.value })} />
                )}
              </Field>
              <Field label={<Trans>To verse</Trans>} required errors={at('to_ayah')}>
                {(control) => (
                  <TextInput {...control} inputMode="numeric" value={entry.to} onChange={(e) => change(i, { to: e.target.value })} />
                )}
              </Field>
              <Field label={<Trans>Kind</Trans>} errors={at('kind')}>
                {(control) => (
                  <SelectInput
                    {...control}
                    options={kindOptions}
                    placeholder={t`Choose`}
                    value={entry.kind}
                    onChange={(v) => change(i, { kind: v })}
                  />
                )}
              </Field>
              <Field label={<Trans>Grade</Trans>} errors={at('grade')}>
                {(control) => (
                  <SelectInput
                    {...control}
                    options={gradeOptions}
                    placeholder={t`Choose`}
                    value={entry.grade}
                    onChange={(v) => change(i, { grade: v })}
                  />
                )}
              </Field>
              <Button
                variant="ghost"
                onClick={() => setEntries((list) => list.filter((_, j) => j !== i))}
                aria-label={t`Remove verses ${n}`}
              >
                <Trans>Remove</Trans>
              </Button>
            </div>
          );
        })}
        {entries.length < REPORT_MAX_ENTRIES ? (
          <Button variant="secondary" onClick={() => setEntries((list) => [...list, emptyEntry()])}>
            <Trans>Add verses</Trans>
          </Button>
        ) : null}
      </fieldset>
      <Button type="submit" disabled={busy}>
        <Trans>Save the report</Trans>
      </Button>
    </form>
  );
}

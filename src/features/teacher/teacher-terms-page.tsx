// /trams-teacher (spec §2, §4): an approved teacher (status policy) reads the teacher terms and accepts
// them explicitly. Accept is enabled only once the box is ticked; the server's message is shown as a
// toast, the profile reloads, and the guards take the now active teacher to the profile.
import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { selectTeacherBusy } from '../../../machines/teacher-status.machine';
import { Button } from '../../ui/button';
import type { TeacherStatusBinding } from './use-teacher-status';
import './teacher.css';

export function TeacherTermsPage({ teacherStatus }: { teacherStatus: TeacherStatusBinding }) {
  const { t } = useLingui();
  const { actor } = teacherStatus;
  const busy = useSelector(actor, selectTeacherBusy);
  const canAccept = useSelector(actor, (s) => s.can({ type: 'terms.accept' }));
  const [agreed, setAgreed] = useState(false);
  const checkboxId = useId();

  return (
    <section className="page container teacher-page" aria-labelledby="terms-title">
      <div className="teacher-card">
        <h1 id="terms-title">
          <Trans>Teacher terms</Trans>
        </h1>
        <p>
          <Trans>Your application was approved. Please read the terms for teachers on Noor and accept them to start.</Trans>
        </p>
        <div className="terms-text" tabIndex={0} role="region" aria-label={t`Terms for teachers`}>
          <h2>
            <Trans>1. Teaching children</Trans>
          </h2>
          <p>
            <Trans>
              You teach children and young people. Be respectful and patient, use appropriate language, and keep every session about
              learning.
            </Trans>
          </p>
          <h2>
            <Trans>2. Sessions</Trans>
          </h2>
          <p>
            <Trans>
              Join accepted sessions on time, from a quiet place with a working camera and microphone. Accept only sessions you can teach.
              If something serious stops you from teaching an accepted session, cancel it from its details with a reason as early as you
              can, up to its start: the family is told at once and gets every hour back.
            </Trans>
          </p>
          <h2>
            <Trans>3. Privacy and safety</Trans>
          </h2>
          <p>
            <Trans>
              Keep students' and parents' personal data private. Do not contact students outside the platform, and do not record or share
              sessions yourself; sessions are recorded by Noor and kept 30 days for quality and safety.
            </Trans>
          </p>
          <h2>
            <Trans>4. Your account</Trans>
          </h2>
          <p>
            <Trans>
              Keep your details and documents up to date. Replacing your ID or qualification documents sends the account back to review.
              Noor may suspend an account that breaks these terms.
            </Trans>
          </p>
          <p>
            <Trans>These terms complement the platform's general terms and conditions and its privacy policy.</Trans>
          </p>
        </div>
        <form
          className="form terms-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (agreed && canAccept) actor.send({ type: 'terms.accept' });
          }}
        >
          <div className="checkbox-row">
            <input id={checkboxId} type="checkbox" checked={agreed} disabled={busy} onChange={(e) => setAgreed(e.target.checked)} />
            <label htmlFor={checkboxId}>
              <Trans>I have read the teacher terms and I accept them</Trans>
            </label>
          </div>
          <Button type="submit" disabled={!agreed || !canAccept || busy} aria-busy={busy || undefined}>
            <Trans>Accept and continue</Trans>
          </Button>
        </form>
      </div>
    </section>
  );
}

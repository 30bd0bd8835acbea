// The sign-in screen (/sign-in): a student tab (phone → texted code) and a teacher tab (phone or e-mail
// and password). A teacher sent here by the sign-up 409 branch, or after a password reset, lands on the
// teacher tab with the machine's message.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { selectNotice } from '../../../machines/auth.machine';
import { AuthTabs, panelId, tabId } from './auth-tabs';
import { StudentLoginForm } from './student-login-form';
import { TeacherLoginForm } from './teacher-login-form';
import type { AuthActor } from './use-auth-request';

export type AccountKind = 'student' | 'teacher';

export interface SignInPageProps {
  auth: AuthActor;
  /** From the address (?as=teacher), e.g. a "sign in as a teacher" link. */
  initialTab?: AccountKind;
}

export function SignInPage({ auth, initialTab }: SignInPageProps) {
  const { t } = useLingui();
  // Read once on arrival: the notice is what sent the user here; later edits do not switch tabs.
  const [tab, setTab] = useState<AccountKind>(() => (selectNotice(auth.getSnapshot()) ? 'teacher' : (initialTab ?? 'student')));
  const idBase = 'sign-in';

  return (
    <section className="page container auth-page">
      <div className="auth-card">
        <h1>
          <Trans>Sign in</Trans>
        </h1>
        <AuthTabs
          idBase={idBase}
          label={t`Account type`}
          selected={tab}
          onSelect={setTab}
          tabs={[
            { key: 'student', label: t`Student` },
            { key: 'teacher', label: t`Teacher` },
          ]}
        />
        <div role="tabpanel" id={panelId(idBase, tab)} aria-labelledby={tabId(idBase, tab)} className="auth-panel">
          {tab === 'student' ? <StudentLoginForm auth={auth} /> : <TeacherLoginForm auth={auth} />}
        </div>
        <p className="auth-switch">
          <Trans>
            New to the platform? <Link to="/sign-up">Create an account</Link>
          </Trans>
        </p>
      </div>
    </section>
  );
}

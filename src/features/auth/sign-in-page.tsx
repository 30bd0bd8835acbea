// The sign-in screen (/sign-in): a student tab (phone → texted code) and a teacher tab (phone or e-mail
// and password). A teacher sent here by the sign-up 409 branch, or after a password reset, lands on the
// teacher tab with the machine's message.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { selectNotice } from '../../../machines/auth.machine';
import { AuthCard } from './auth-card';
import { AccountKindTabs, type AccountKind } from './auth-tabs';
import { StudentLoginForm } from './student-login-form';
import { TeacherLoginForm } from './teacher-login-form';
import type { AuthActor } from './use-auth-request';

export type { AccountKind };

export interface SignInPageProps {
  auth: AuthActor;
  /** From the address (?as=teacher), e.g. a "sign in as a teacher" link. */
  initialTab?: AccountKind;
}

export function SignInPage({ auth, initialTab }: SignInPageProps) {
  // Read once on arrival: the notice is what sent the user here; later edits do not switch tabs.
  const [tab, setTab] = useState<AccountKind>(() => (selectNotice(auth.getSnapshot()) ? 'teacher' : (initialTab ?? 'student')));

  return (
    <AuthCard title={<Trans>Sign in</Trans>}>
      <AccountKindTabs idBase="sign-in" selected={tab} onSelect={setTab}>
        {tab === 'student' ? <StudentLoginForm auth={auth} /> : <TeacherLoginForm auth={auth} />}
      </AccountKindTabs>
      <p className="auth-switch">
        <Trans>
          New to the platform? <Link to="/sign-up">Create an account</Link>
        </Trans>
      </p>
    </AuthCard>
  );
}

// The sign-up screen (/sign-up): a student form and a teacher form behind student / teacher tabs.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { AuthCard } from './auth-card';
import { AccountKindTabs, type AccountKind } from './auth-tabs';
import { StudentSignupForm } from './student-signup-form';
import { TeacherSignupForm } from './teacher-signup-form';
import type { AuthActor } from './use-auth-request';

export interface SignUpPageProps {
  auth: AuthActor;
  initialTab?: AccountKind;
}

export function SignUpPage({ auth, initialTab = 'student' }: SignUpPageProps) {
  const [tab, setTab] = useState<AccountKind>(initialTab);

  return (
    <AuthCard title={<Trans>Sign up</Trans>} wide>
      <AccountKindTabs idBase="sign-up" selected={tab} onSelect={setTab}>
        {tab === 'student' ? <StudentSignupForm auth={auth} /> : <TeacherSignupForm auth={auth} />}
      </AccountKindTabs>
      <p className="auth-switch">
        <Trans>
          Already have an account? <Link to="/sign-in">Sign in</Link>
        </Trans>
      </p>
    </AuthCard>
  );
}

// The sign-up screen (/sign-up): a student form and a teacher form behind student / teacher tabs.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { AuthTabs, panelId, tabId } from './auth-tabs';
import type { AccountKind } from './sign-in-page';
import { StudentSignupForm } from './student-signup-form';
import { TeacherSignupForm } from './teacher-signup-form';
import type { AuthActor } from './use-auth-request';

export interface SignUpPageProps {
  auth: AuthActor;
  initialTab?: AccountKind;
}

export function SignUpPage({ auth, initialTab = 'student' }: SignUpPageProps) {
  const { t } = useLingui();
  const [tab, setTab] = useState<AccountKind>(initialTab);
  const idBase = 'sign-up';

  return (
    <section className="page container auth-page">
      <div className="auth-card auth-card-wide">
        <h1>
          <Trans>Sign up</Trans>
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
          {tab === 'student' ? <StudentSignupForm auth={auth} /> : <TeacherSignupForm auth={auth} />}
        </div>
        <p className="auth-switch">
          <Trans>
            Already have an account? <Link to="/sign-in">Sign in</Link>
          </Trans>
        </p>
      </div>
    </section>
  );
}

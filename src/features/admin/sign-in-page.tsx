// Staff sign-in: e-mail and password; then the code from the authenticator app (or a recovery code).
// At the first sign-in the server answers the new TOTP secret instead: the page shows it as a QR code
// and as text, asks for a code from it, and shows the ten recovery codes once before entering.
import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { staffEnrolSchema, staffLoginSchema, type StaffSessionWire } from '../../../contract/staff';
import { useAppForm } from '../../domain/app-form';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form-error';
import { submitWith, useValidateAllOnSubmit } from '../../ui/form-helpers';
import { confirmEnrolment, signIn } from './admin-api';
import { consoleMeta } from './console-errors';
import { QrCode } from './qr-code';
import { ConsoleFrame, type ConsoleTarget } from './console-frame';
import { saveStaffSession, useStaffSession } from './staff-session';

type Step =
  | { kind: 'credentials' }
  | { kind: 'code'; email: string; password: string }
  | { kind: 'enrol'; email: string; password: string; secret: string; uri: string }
  | { kind: 'recovery'; session: StaffSessionWire; codes: readonly string[] };

/** The server's message for a refused sign-in (422 wrong code or password, 429 locked), or null. */
function refusal(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.status === 422 || error.status === 429) return error.serverMessage;
  return null;
}

export function StaffSignInPage({ goTo }: { goTo: (to: ConsoleTarget) => void }) {
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const session = useStaffSession();
  const signedIn = session !== null && step.kind !== 'recovery';
  useEffect(() => {
    if (signedIn) goTo('/admin');
  }, [signedIn, goTo]);
  const enter = (s: StaffSessionWire) => saveStaffSession(s);
  return (
    <ConsoleFrame goTo={goTo}>
      <section className="console-page console-sign-in">
        <h1>
          <Trans>Staff sign-in</Trans>
        </h1>
        {step.kind === 'credentials' ? (
          <CredentialsForm
            onCode={(email, password) => setStep({ kind: 'code', email, password })}
            onEnrol={(s) => setStep(s)}
            onSession={enter}
          />
        ) : null}
        {step.kind === 'code' ? (
          <CodeForm email={step.email} password={step.password} onSession={enter} onBack={() => setStep({ kind: 'credentials' })} />
        ) : null}
        {step.kind === 'enrol' ? (
          <EnrolForm step={step} onEnrolled={(s, codes) => setStep({ kind: 'recovery', session: s, codes })} />
        ) : null}
        {step.kind === 'recovery' ? (
          <RecoveryCodes
            codes={step.codes}
            onContinue={() => {
              setStep({ kind: 'credentials' });
              enter(step.session);
            }}
          />
        ) : null}
      </section>
    </ConsoleFrame>
  );
}

function CredentialsForm({
  onCode,
  onEnrol,
  onSession,
}: {
  onCode: (email: string, password: string) => void;
  onEnrol: (step: Extract<Step, { kind: 'enrol' }>) => void;
  onSession: (s: StaffSessionWire) => void;
}) {
  const { t } = useLingui();
  const [summary, setSummary] = useState<string[]>([]);
  const send = useMutation({
    mutationFn: (body: { email: string; password: string; code?: string }) => signIn(body),
    meta: consoleMeta([422, 429]),
  });
  const { formRef, validateAll } = useValidateAllOnSubmit();
  const form = useAppForm({
    defaultValues: { email: '', password: '' },
    onSubmit: async ({ value }) => {
      setSummary([]);
      const email = value.email.trim();
      try {
        const answer = await send.mutateAsync({ email, password: value.password });
        if (answer.kind === 'enrol') onEnrol({ kind: 'enrol', email, password: value.password, secret: answer.secret, uri: answer.uri });
        else onSession(answer.session);
      } catch (error) {
        if (isApiError(error) && error.failure.code === 'staff_code_required') onCode(email, value.password);
        else setSummary([refusal(error)].filter((m): m is string => m !== null));
      }
    },
    ...validateAll,
  });
  return (
    <form ref={formRef} className="form console-form" noValidate onSubmit={submitWith(form)} aria-label={t`Staff sign-in`}>
      <FormError messages={summary} />
      <form.AppField name="email" validators={{ onChange: staffLoginSchema.shape.email }}>
        {(field) => <field.EmailField autoComplete="username" />}
      </form.AppField>
      <form.AppField name="password" validators={{ onChange: staffLoginSchema.shape.password }}>
        {(field) => (
          <field.TextField
            label={t({ message: 'Password', context: 'console' })}
            type="password"
            autoComplete="current-password"
            dir="ltr"
          />
        )}
      </form.AppField>
      <Button type="submit" disabled={send.isPending}>
        <Trans>Continue</Trans>
      </Button>
    </form>
  );
}

function CodeForm({
  email,
  password,
  onSession,
  onBack,
}: {
  email: string;
  password: string;
  onSession: (s: StaffSessionWire) => void;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const [summary, setSummary] = useState<string[]>([]);
  const send = useMutation({
    mutationFn: (body: { email: string; password: string; code?: string }) => signIn(body),
    meta: consoleMeta([422, 429]),
  });
  const { formRef, validateAll } = useValidateAllOnSubmit();
  const form = useAppForm({
    defaultValues: { code: '' },
    onSubmit: async ({ value }) => {
      setSummary([]);
      try {
        const answer = await send.mutateAsync({ email, password, code: value.code.trim() });
        if (answer.kind === 'session') onSession(answer.session);
      } catch (error) {
        setSummary([refusal(error)].filter((m): m is string => m !== null));
      }
    },
    ...validateAll,
  });
  return (
    <form ref={formRef} className="form console-form" noValidate onSubmit={submitWith(form)} aria-label={t`Two-factor code`}>
      <p>
        <Trans>Enter the six-digit code from your authenticator app, or one of your recovery codes.</Trans>
      </p>
      <FormError messages={summary} />
      <form.AppField name="code" validators={{ onChange: staffEnrolSchema.shape.code }}>
        {(field) => <field.TextField label={t`Code`} autoComplete="one-time-code" dir="ltr" autoFocus />}
      </form.AppField>
      <div className="console-actions">
        <Button type="submit" disabled={send.isPending}>
          <Trans>Sign in</Trans>
        </Button>
        <Button variant="ghost" onClick={onBack}>
          <Trans context="console">Back</Trans>
        </Button>
      </div>
    </form>
  );
}

function EnrolForm({
  step,
  onEnrolled,
}: {
  step: Extract<Step, { kind: 'enrol' }>;
  onEnrolled: (s: StaffSessionWire, codes: readonly string[]) => void;
}) {
  const { t } = useLingui();
  const [summary, setSummary] = useState<string[]>([]);
  const send = useMutation({
    mutationFn: (body: { email: string; password: string; code: string }) => confirmEnrolment(body),
    meta: consoleMeta([422, 429]),
  });
  const { formRef, validateAll } = useValidateAllOnSubmit();
  const form = useAppForm({
    defaultValues: { code: '' },
    onSubmit: async ({ value }) => {
      setSummary([]);
      try {
        const { recovery_codes, ...session } = await send.mutateAsync({
          email: step.email,
          password: step.password,
          code: value.code.trim(),
        });
        onEnrolled(session, recovery_codes);
      } catch (error) {
        setSummary([refusal(error)].filter((m): m is string => m !== null));
      }
    },
    ...validateAll,
  });
  return (
    <form ref={formRef} className="form console-form" noValidate onSubmit={submitWith(form)} aria-label={t`Set up two-factor sign-in`}>
      <h2>
        <Trans>Set up two-factor sign-in</Trans>
      </h2>
      <p>
        <Trans>Scan this code with an authenticator app (or enter the key by hand), then type the six-digit code it shows.</Trans>
      </p>
      <div className="console-enrol">
        <QrCode text={step.uri} label={t`QR code of the authenticator key`} />
        <dl className="console-facts">
          <dt>
            <Trans>Key</Trans>
          </dt>
          <dd dir="ltr" className="console-mono">
            {step.secret}
          </dd>
          <dt>
            <Trans>Address for the app</Trans>
          </dt>
          <dd dir="ltr" className="console-mono console-wrap">
            {step.uri}
          </dd>
        </dl>
      </div>
      <FormError messages={summary} />
      <form.AppField name="code" validators={{ onChange: staffEnrolSchema.shape.code }}>
        {(field) => <field.TextField label={t`Code`} autoComplete="one-time-code" inputMode="numeric" dir="ltr" />}
      </form.AppField>
      <Button type="submit" disabled={send.isPending}>
        <Trans>Confirm</Trans>
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, onContinue }: { codes: readonly string[]; onContinue: () => void }) {
  return (
    <div className="console-form">
      <h2>
        <Trans>Your recovery codes</Trans>
      </h2>
      <p role="status">
        <Trans>Keep these codes somewhere safe: each one signs you in once if you lose your phone. They are shown only now.</Trans>
      </p>
      <ul className="console-codes" dir="ltr">
        {codes.map((code) => (
          <li key={code} className="console-mono">
            {code}
          </li>
        ))}
      </ul>
      <Button onClick={onContinue}>
        <Trans>I have saved them, continue</Trans>
      </Button>
    </div>
  );
}

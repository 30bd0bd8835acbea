// The family's e-mail address in the profile: added, confirmed with the code e-mailed to it (or the
// button in that e-mail), changed or removed, and the language its mails are written in chosen. Nothing
// is e-mailed to an address until it is confirmed, and the section says so. What the person typed stays in its field whatever the server answers.
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { EMAIL_CODE_TTL_SECONDS, mailLocaleSchema, type EmailState } from '../../../contract/profile-email';
import { isApiError } from '../../api/api-error';
import { changeProfileEmail, profileEmailQuery, type EmailAction } from '../../api/profile-email';
import { useAppForm } from '../../domain/app-form';
import { Button } from '../../ui/button';
import { ChoiceGroup } from '../../ui/choice-group';
import { submitWith } from '../../ui/form-helpers';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';

export function EmailSection() {
  const state = useQuery(profileEmailQuery());
  return (
    <section className="profile-card profile-email" aria-labelledby="profile-email-title">
      <h2 id="profile-email-title">
        <Trans>Your e-mail address</Trans>
      </h2>
      <p className="muted" id="profile-email-hint">
        <Trans>
          Add an address to receive reminders, news of your bookings and receipts by e-mail too, as chosen in “How we tell you”. We send
          nothing else to it until you confirm it with the code we e-mail you.
        </Trans>
      </p>
      {state.isPending ? (
        <Spinner />
      ) : state.isError ? (
        <p className="field-error" role="alert">
          <Trans>Your e-mail address could not be loaded. Please reload the page.</Trans>
        </p>
      ) : (
        <EmailForms state={state.data} />
      )}
    </section>
  );
}

type FieldProblems = { email: string[]; code: string[]; other: string | null };
const NO_PROBLEMS: FieldProblems = { email: [], code: [], other: null };

function EmailForms({ state }: { state: EmailState }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(state.email === null);
  // What was typed lives in the forms; the server's answer (problems, the next state) beside them.
  const emailForm = useAppForm({
    defaultValues: { email: state.email ?? '' },
    onSubmit: ({ value }) => act.mutate({ kind: 'set', email: value.email.trim() }),
  });
  const codeForm = useAppForm({
    defaultValues: { code: '' },
    onSubmit: ({ value }) => act.mutate({ kind: 'verify', code: value.code.trim() }),
  });
  const [problems, setProblems] = useState<FieldProblems>(NO_PROBLEMS);
  const emailInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const focusNext = useRef<'email' | 'code' | null>(null);

  // After the form that holds the next field has rendered (the answer's renders arrive in more than one commit).
  useEffect(() => {
    const target = focusNext.current === 'email' ? emailInput.current : focusNext.current === 'code' ? codeInput.current : null;
    if (!target) return;
    target.focus();
    focusNext.current = null;
  });

  const act = useMutation({
    mutationFn: (action: EmailAction) => changeProfileEmail(queryClient, action),
    onSuccess: ({ message, state: next }, action) => {
      // Choosing the language leaves the focus on its radio and any code half typed in its field.
      if (action.kind !== 'language') focusNext.current = next.email === null ? 'email' : next.verified ? null : 'code';
      setProblems(NO_PROBLEMS);
      toast.show({ severity: 'success', summary: message });
      if (action.kind === 'set' || action.kind === 'remove') {
        setEditing(next.email === null);
        emailForm.setFieldValue('email', next.email ?? '');
      }
      if (action.kind !== 'resend' && action.kind !== 'language') codeForm.setFieldValue('code', '');
    },
    onError: (error, action) => {
      if (!isApiError(error)) {
        setProblems({ ...NO_PROBLEMS, other: t`This could not be saved. Please try again.` });
        return;
      }
      const email = error.fieldErrors.email ?? [];
      const codeErrors = error.fieldErrors.code ?? [];
      // A 429 carries retry_after among its errors: its message says what to do, beside no field.
      const onField = (action.kind === 'set' && email.length > 0) || (action.kind === 'verify' && codeErrors.length > 0);
      setProblems({ email, code: codeErrors, other: onField ? null : error.message });
    },
  });
  const busy = act.isPending;
  const minutes = EMAIL_CODE_TTL_SECONDS / 60;

  if (editing || state.email === null) {
    const current = state.email;
    return (
      <form noValidate aria-busy={busy || undefined} onSubmit={submitWith(emailForm)}>
        <emailForm.AppField name="email">
          {(field) => (
            <field.EmailField label={t`E-mail address`} autoComplete="email" required={false} errors={problems.email} ref={emailInput} />
          )}
        </emailForm.AppField>
        <div className="profile-calendar-actions">
          <Button type="submit" variant="primary" disabled={busy}>
            <Trans>Send me a code</Trans>
          </Button>
          {current !== null ? (
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setEditing(false);
                setProblems(NO_PROBLEMS);
              }}
            >
              <Trans>Keep {current}</Trans>
            </Button>
          ) : null}
        </div>
        <Problem text={problems.other} />
      </form>
    );
  }

  const address = state.email;
  const change = () => {
    setEditing(true);
    setProblems(NO_PROBLEMS);
    focusNext.current = 'email';
  };
  return (
    <div aria-busy={busy || undefined}>
      {state.verified ? (
        <p data-testid="email-verified">
          <Trans>
            Mail goes to{' '}
            <bdi dir="ltr" className="profile-email-address">
              {address}
            </bdi>
            . It is confirmed.
          </Trans>
        </p>
      ) : (
        <form noValidate onSubmit={submitWith(codeForm)}>
          <p id="profile-email-sent" data-testid="email-unverified">
            <Trans>
              We sent a 6-digit code to{' '}
              <bdi dir="ltr" className="profile-email-address">
                {address}
              </bdi>
              . Type it here, or press the button in that e-mail. It works for {minutes} minutes; nothing else is sent there until then.
            </Trans>
          </p>
          <codeForm.AppField name="code">
            {(field) => (
              <field.TextField
                label={t`Code from the e-mail`}
                required={false}
                errors={problems.code}
                fieldClassName="profile-email-code"
                ref={codeInput}
                dir="ltr"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
            )}
          </codeForm.AppField>
          <div className="profile-calendar-actions">
            <Button type="submit" variant="primary" disabled={busy}>
              <Trans>Confirm the address</Trans>
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => act.mutate({ kind: 'resend' })}>
              <Trans>Send a new code</Trans>
            </Button>
          </div>
        </form>
      )}
      <ChoiceGroup
        legend={<Trans>Language of our e-mails</Trans>}
        name="profile-email-locale"
        // Each language named in itself, as in the language switch.
        choices={[
          { value: 'ar', label: <span lang="ar">العربية</span> },
          { value: 'en', label: <span lang="en">English</span> },
        ]}
        value={state.locale}
        disabled={busy}
        onChange={(value) => act.mutate({ kind: 'language', locale: mailLocaleSchema.parse(value) })}
      />
      <p className="muted profile-email-locale-hint">
        <Trans>Reminders by text message and notifications on your devices use this language too.</Trans>
      </p>
      <div className="profile-calendar-actions">
        <Button variant="ghost" disabled={busy} onClick={change}>
          <Trans>Change the address</Trans>
        </Button>
        <Button variant="danger" disabled={busy} onClick={() => act.mutate({ kind: 'remove' })}>
          <Trans>Remove the address</Trans>
        </Button>
      </div>
      <Problem text={problems.other} />
    </div>
  );
}

function Problem({ text }: { text: string | null }) {
  return (
    <p className="field-error profile-email-problem" role={text ? 'alert' : undefined}>
      {text}
    </p>
  );
}

// The code screen (/verify-otp?phone=…): one field for the 6-digit texted code, a distinct message for a
// wrong, an expired and a voided code, and a resend button locked behind the machine's countdown.
import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { selectOtp } from '../../../machines/auth.machine';
import { Button } from '../../ui/button';
import { FormShell } from '../../ui/form-shell';
import { AuthCard } from './auth-card';
import { useAuthEventForm, useAuthForm, type AuthActor } from './use-auth-request';
import { asciiDigits, OTP_LENGTH } from '../../domain/rules';
import { fieldValidators } from '../../domain/field-groups';

/** Seconds as mm:ss, e.g. 59 → "00:59". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

type Otp = ReturnType<typeof selectOtp>;
const sameOtp = (a: Otp, b: Otp) =>
  a.phone === b.phone &&
  a.canResend === b.canResend &&
  a.canSubmit === b.canSubmit &&
  a.secondsLeft === b.secondsLeft &&
  a.problem === b.problem &&
  a.attemptsLeft === b.attemptsLeft;

export interface VerifyOtpPageProps {
  auth: AuthActor;
  /** E.164 phone from the address; the machine's own phone wins when a flow brought the user here. */
  phone?: string;
}

export function VerifyOtpPage({ auth, phone: phoneParam }: VerifyOtpPageProps) {
  const { t } = useLingui();
  const otp = useSelector(auth, selectOtp, sameOtp);
  const sending = useSelector(auth, (s) => s.hasTag('otp:sending'));

  // Opened directly (a reload, a link): tell the machine which phone the code was sent to.
  useEffect(() => {
    if (phoneParam && auth.getSnapshot().can({ type: 'otp.open', phone: phoneParam })) {
      auth.send({ type: 'otp.open', phone: phoneParam });
    }
  }, [auth, phoneParam]);

  const { form, formRef, summary, shell } = useAuthEventForm(auth, { code: '' }, (value) => ({
    type: 'otp.submit',
    code: asciiDigits(value.code.trim()),
  }));
  const resend = useAuthForm(auth, form, formRef);

  const phone = otp.phone ?? phoneParam ?? null;
  if (!phone) {
    return (
      <AuthCard title={<Trans>Verification</Trans>}>
        <p>
          <Trans>
            There is no code waiting to be verified. <Link to="/sign-in">Sign in</Link> to receive one.
          </Trans>
        </p>
      </AuthCard>
    );
  }

  const problem =
    otp.problem === 'wrongCode' ? (
      otp.attemptsLeft !== null ? (
        <Plural
          value={otp.attemptsLeft}
          one="The code is not correct. Check the SMS and try again: # try left before you need a new code."
          other="The code is not correct. Check the SMS and try again: # tries left before you need a new code."
        />
      ) : (
        t`The code is not correct. Check the SMS and try again.`
      )
    ) : otp.problem === 'expired' ? (
      t`This code has expired. Please request a new code.`
    ) : otp.problem === 'tooManyAttempts' ? (
      t`Too many wrong attempts: this code can no longer be used. Please request a new code.`
    ) : null;
  const countdown = formatCountdown(otp.secondsLeft);

  return (
    <AuthCard title={<Trans>Verification</Trans>}>
      <p>
        <Trans>
          We sent a {OTP_LENGTH}-digit code by SMS to{' '}
          <bdi dir="ltr" className="phone-number-text">
            {phone}
          </bdi>
          .
        </Trans>
      </p>
      <FormShell
        {...shell}
        label={t`Verification code`}
        intro={
          problem ? (
            <p className="otp-problem" role="alert" data-testid="otp-problem" data-problem={otp.problem}>
              {problem}
            </p>
          ) : null
        }
        errors={[...summary, ...resend.summary]}
        submitDisabled={!otp.canSubmit}
        submitLabel={<Trans>Verify</Trans>}
      >
        <form.AppField name="code" validators={fieldValidators.code}>
          {(field) => <field.CodeField />}
        </form.AppField>
      </FormShell>

      <div className="otp-resend">
        <Button
          variant="ghost"
          disabled={!otp.canResend || sending}
          aria-busy={sending || undefined}
          aria-describedby={otp.canResend ? undefined : 'otp-countdown'}
          onClick={() => resend.send({ type: 'otp.resend' })}
          data-testid="otp-resend"
        >
          <Trans>Resend code</Trans>
        </Button>
        {otp.canResend ? null : (
          <p id="otp-countdown" className="otp-countdown muted" data-testid="otp-countdown">
            <Trans>
              You can request a new code in <time dateTime={`PT${otp.secondsLeft}S`}>{countdown}</time>
            </Trans>
          </p>
        )}
      </div>
      <p className="auth-switch">
        <Link to="/sign-in">
          <Trans>Use a different phone number</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}

// A teacher's rate per hour taught on the application screen: support and admins read it (the teacher's
// own, or the configured default); an admin sets a new one, which applies to sessions from now on.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMinor, parseMajor } from '../../domain/money';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { LoadState } from '../../ui/load-state';
import { TextInput } from '../../ui/text-input';
import { refreshConsole, rateQuery, setRate } from './admin-api';
import { consoleMeta } from './console-errors';
import { dateTime } from './format';

export function RateSection({ id, canSet }: { id: string; canSet: boolean }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const rate = useQuery(rateQuery(id));
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (amountMinor: number) => setRate(id, { amount_minor: amountMinor, currency: rate.data?.current.currency ?? 'QAR' }),
    meta: consoleMeta(),
    onSuccess: () => {
      setAmount('');
      return refreshConsole.teacher(queryClient, id);
    },
  });
  if (!rate.data) return <LoadState failed={rate.isError} failedText={<Trans>The rate could not be loaded.</Trans>} />;
  const r = rate.data;
  const currency = r.current.currency;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = parseMajor(amount, currency);
    if (minor === null) return setError(t`Enter an amount such as 75.50`);
    setError(null);
    save.mutate(minor);
  };
  return (
    <section className="console-card" aria-labelledby="rate-title">
      <h2 id="rate-title">
        <Trans>Rate per hour taught</Trans>
      </h2>
      <p data-testid="rate-current">
        <strong>{formatMinor(r.current.amount_minor, currency, i18n.locale)}</strong>{' '}
        {r.is_default || !r.effective_from ? (
          <span className="muted">
            <Trans>(the default rate)</Trans>
          </span>
        ) : (
          <span className="muted">
            <Trans>since {dateTime(r.effective_from, i18n.locale)}</Trans>
          </span>
        )}
      </p>
      {canSet ? (
        <form className="form console-form" noValidate onSubmit={submit} aria-label={t`Set the rate`}>
          <Field
            label={t`New rate per hour (${currency})`}
            required
            errors={error ? [error] : []}
            description={t`Applies to sessions that start from now on.`}
          >
            {(control) => (
              <TextInput {...control} inputMode="decimal" dir="ltr" value={amount} onChange={(e) => setAmount(e.target.value)} />
            )}
          </Field>
          <Button type="submit" variant="secondary" disabled={save.isPending}>
            <Trans>Save rate</Trans>
          </Button>
        </form>
      ) : null}
    </section>
  );
}

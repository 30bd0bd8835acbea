// Promo codes: every code with its use (times used, paid orders) and state; create one; pause or resume.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { promoCreateSchema } from '../../../contract/staff';
import { useAppForm } from '../../domain/app-form';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form-error';
import { submitWith, useValidateAllOnSubmit } from '../../ui/form-helpers';
import { LoadState } from '../../ui/load-state';
import { toast } from '../../ui/toast-store';
import { refreshConsole, changePromoCode, createPromoCode, promoCodesQuery, type PromoInput } from './admin-api';
import { consoleMeta } from './console-errors';
import { dateTime } from './format';
import { NotAllowed } from './not-allowed';
import { mayUse } from './roles';
import { useStaffSession } from './staff-session';

const optionalWhole = (value: string) => (value.trim() === '' ? null : Number(value));

export function PromoCodesPage() {
  const { t, i18n } = useLingui();
  const role = useStaffSession()?.staff.role;
  const queryClient = useQueryClient();
  const codes = useQuery({ ...promoCodesQuery(), enabled: !role || mayUse(role, 'promoCodes') });
  const change = useMutation({
    mutationFn: ({ id, to }: { id: number; to: 'pause' | 'resume' }) => changePromoCode(id, to),
    meta: consoleMeta(),
    onSettled: () => refreshConsole.promoCodes(queryClient),
  });
  if (role && !mayUse(role, 'promoCodes')) return <NotAllowed />;
  return (
    <section className="console-page">
      <h1>
        <Trans>Promo codes</Trans>
      </h1>
      <div className="console-split">
        <div className="console-column console-wide">
          {!codes.data ? (
            <LoadState failed={codes.isError} failedText={<Trans>The promo codes could not be loaded.</Trans>} />
          ) : codes.data.length === 0 ? (
            <p className="muted">
              <Trans>No promo codes yet.</Trans>
            </p>
          ) : (
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Code</Trans>
                  </th>
                  <th scope="col">
                    <Trans context="console">Discount</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Used</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Expires</Trans>
                  </th>
                  <th scope="col">
                    <Trans>State</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {codes.data.map((p) => (
                  <tr key={p.id}>
                    <th scope="row" data-label={t`Code`} dir="ltr" className="console-mono">
                      {p.code}
                    </th>
                    <td data-label={t({ message: 'Discount', context: 'console' })}>
                      {p.kind === 'percent' ? `${p.value}%` : new Intl.NumberFormat(i18n.locale).format(p.value / 100)}
                    </td>
                    <td data-label={t`Used`}>
                      {p.max_uses === null ? (
                        <Trans>
                          {p.used_count} times, {p.paid_orders} paid orders
                        </Trans>
                      ) : (
                        <Trans>
                          {p.used_count} of {p.max_uses} times, {p.paid_orders} paid orders
                        </Trans>
                      )}
                    </td>
                    <td data-label={t`Expires`}>{p.expires_at ? dateTime(p.expires_at, i18n.locale) : t`Never`}</td>
                    <td data-label={t`State`}>
                      {p.active ? t({ message: 'Active', context: 'console' }) : t`Paused`}{' '}
                      <Button
                        variant="ghost"
                        className="button-small"
                        disabled={change.isPending}
                        aria-label={p.active ? t`Pause ${p.code}` : t`Resume ${p.code}`}
                        onClick={() => change.mutate({ id: p.id, to: p.active ? 'pause' : 'resume' })}
                      >
                        {p.active ? t`Pause` : t`Resume`}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div className="console-column">
          <CreateForm />
        </div>
      </div>
    </section>
  );
}

function CreateForm() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [summary, setSummary] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: (body: PromoInput) => createPromoCode(body),
    meta: consoleMeta([409]),
    onSuccess: () => refreshConsole.promoCodes(queryClient),
  });
  const { formRef, validateAll } = useValidateAllOnSubmit();
  const form = useAppForm({
    defaultValues: { code: '', kind: 'percent' as 'percent' | 'fixed', value: '', max_uses: '', expires_at: '' },
    onSubmit: async ({ value, formApi }) => {
      setSummary([]);
      const body = {
        code: value.code.trim(),
        kind: value.kind,
        value: Number(value.value),
        max_uses: optionalWhole(value.max_uses),
        expires_at: value.expires_at || null,
      };
      const checked = promoCreateSchema.safeParse(body);
      if (!checked.success) {
        setSummary([t`Check the code (3 to 40 letters, digits, - or _), the value (a percentage is at most 100) and the limit.`]);
        return;
      }
      try {
        await create.mutateAsync(body);
        toast.show({ severity: 'success', summary: t`Promo code created`, detail: body.code });
        formApi.reset();
      } catch (error) {
        if (isApiError(error) && error.status === 409 && error.serverMessage) setSummary([error.serverMessage]);
      }
    },
    ...validateAll,
  });
  return (
    <section className="console-card" aria-labelledby="promo-new-title">
      <h2 id="promo-new-title">
        <Trans>New promo code</Trans>
      </h2>
      <form ref={formRef} className="form console-form" noValidate onSubmit={submitWith(form)} aria-labelledby="promo-new-title">
        <FormError messages={summary} />
        <form.AppField
          name="code"
          validators={{
            onChange: ({ value }) => (/^[A-Za-z0-9_-]{3,40}$/.test(value.trim()) ? undefined : t`3 to 40 letters, digits, - or _.`),
          }}
        >
          {(field) => <field.TextField label={t`Code`} dir="ltr" maxLength={40} />}
        </form.AppField>
        <form.Field name="kind">
          {(field) => (
            <fieldset className="console-choice">
              <legend>
                <Trans>Kind of discount</Trans>
              </legend>
              {(['percent', 'fixed'] as const).map((k) => (
                <label key={k}>
                  <input
                    type="radio"
                    name={field.name}
                    value={k}
                    checked={field.state.value === k}
                    onChange={() => field.handleChange(k)}
                  />{' '}
                  {k === 'percent' ? t`Percentage` : t`Fixed amount (in minor units)`}
                </label>
              ))}
            </fieldset>
          )}
        </form.Field>
        <form.AppField
          name="value"
          validators={{
            onChange: ({ value }) => (/^\d{1,7}$/.test(value.trim()) && Number(value) > 0 ? undefined : t`A whole number above 0.`),
          }}
        >
          {(field) => <field.TextField label={t`Value`} inputMode="numeric" dir="ltr" />}
        </form.AppField>
        <form.AppField
          name="max_uses"
          validators={{
            onChange: ({ value }) =>
              value.trim() === '' || (/^\d{1,7}$/.test(value.trim()) && Number(value) > 0) ? undefined : t`A whole number above 0.`,
          }}
        >
          {(field) => <field.TextField label={t`Most uses (empty: no limit)`} required={false} inputMode="numeric" dir="ltr" />}
        </form.AppField>
        <form.AppField name="expires_at">
          {(field) => <field.TextField label={t`Expires on (empty: never)`} required={false} type="date" dir="ltr" />}
        </form.AppField>
        <Button type="submit" disabled={create.isPending}>
          <Trans>Create</Trans>
        </Button>
      </form>
    </section>
  );
}

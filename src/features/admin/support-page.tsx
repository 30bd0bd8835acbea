// Support: a family found by phone — its children, balance and ledger, orders with their receipts and
// refunds, requests with their sessions' attendance — and its hours credited or debited with a required
// reason (a ledger row that names the staff member); or a teacher found by name or phone, whose
// application page opens from the result.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { hoursAdjustmentSchema, type FamilyLookup } from '../../../contract/staff';
import { useAppForm } from '../../domain/app-form';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { submitWith, textBinding, useValidateAllOnSubmit, visibleErrors } from '../../ui/form-helpers';
import { LoadState } from '../../ui/load-state';
import { TextArea } from '../../ui/text-area';
import { TextInput } from '../../ui/text-input';
import { toast } from '../../ui/toast-store';
import { adjustHours, refreshConsole, familyQuery } from './admin-api';
import { consoleMeta } from './console-errors';
import { FamilyOrders } from './family-orders';
import { FamilyRequests } from './family-requests';
import { dateTime } from './format';
import { NotAllowed } from './not-allowed';
import { mayUse } from './roles';
import { useStaffSession } from './staff-session';
import { TeacherSearch } from './teacher-search';
import { ledgerReasonTexts } from './texts';

export function SupportPage() {
  const role = useStaffSession()?.staff.role;
  const [text, setText] = useState('');
  const [phone, setPhone] = useState('');
  const family = useQuery({ ...familyQuery(phone), enabled: phone !== '' });
  if (role && !mayUse(role, 'support')) return <NotAllowed />;
  const find = (event: FormEvent) => {
    event.preventDefault();
    setPhone(text.trim());
  };
  const notFound = isApiError(family.error) && family.error.status === 404;
  return (
    <section className="console-page">
      <h1>
        <Trans>Support</Trans>
      </h1>
      <form role="search" className="console-search" onSubmit={find}>
        <label htmlFor="family-phone" className="field-label">
          <Trans>Family's phone number, with the country code</Trans>
        </label>
        <TextInput
          id="family-phone"
          type="tel"
          dir="ltr"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={30}
          placeholder="+974…"
        />
        <Button type="submit" variant="secondary">
          <Trans>Find</Trans>
        </Button>
      </form>
      {phone === '' ? null : family.data ? (
        <FamilyView family={family.data} phone={phone} />
      ) : notFound ? (
        <p className="muted" role="status">
          <Trans>No family has this phone number.</Trans>
        </p>
      ) : (
        <LoadState failed={family.isError} failedText={<Trans>The family could not be loaded.</Trans>} />
      )}
      <TeacherSearch />
    </section>
  );
}

function FamilyView({ family, phone }: { family: FamilyLookup; phone: string }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const hours = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return (
    <div className="console-split">
      <div className="console-column">
        <section className="console-card" aria-labelledby="family-title">
          <h2 id="family-title">{family.family.name}</h2>
          <dl className="console-facts">
            <dt>
              <Trans context="console">Phone</Trans>
            </dt>
            <dd dir="ltr" className="console-ltr">
              {family.family.phone}
            </dd>
            <dt>
              <Trans>Email</Trans>
            </dt>
            <dd dir="ltr" className="console-ltr">
              {family.family.email ?? '—'}
            </dd>
            <dt>
              <Trans>Balance</Trans>
            </dt>
            <dd>
              <strong>
                <Trans>{hours.format(family.balance_hours)} hours</Trans>
              </strong>
            </dd>
            <dt>
              <Trans context="console">Children</Trans>
            </dt>
            <dd>
              {family.children.length ? (
                <ul className="console-plain-list">
                  {family.children.map((c) => (
                    <li key={c.id}>
                      <span>{`${c.first_name} ${c.last_name}`}</span>
                      {c.phase ? <span className="muted"> · {c.phase}</span> : null}
                      {c.archived_at ? (
                        <span className="muted">
                          {' '}
                          · <Trans context="child">archived</Trans>
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : (
                '—'
              )}
            </dd>
          </dl>
        </section>
        <HoursForm familyId={family.family.id} phone={phone} />
      </div>
      <div className="console-column">
        <section className="console-card" aria-labelledby="ledger-title">
          <h2 id="ledger-title">
            <Trans>Hours ledger</Trans>
          </h2>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans context="console">When</Trans>
                </th>
                <th scope="col">
                  <Trans>Hours</Trans>
                </th>
                <th scope="col">
                  <Trans>Why</Trans>
                </th>
                <th scope="col">
                  <Trans>By</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {family.ledger.map((l) => (
                <tr key={l.id}>
                  <td data-label={t({ message: 'When', context: 'console' })}>{dateTime(l.at, locale)}</td>
                  <td data-label={t`Hours`} dir="ltr" className="console-num">
                    {l.hours > 0 ? '+' : ''}
                    {hours.format(l.hours)}
                  </td>
                  <td data-label={t`Why`}>
                    {ledgerReasonTexts[l.reason] ? i18n._(ledgerReasonTexts[l.reason]!) : l.reason}
                    {l.note ? <span className="console-previous">{l.note}</span> : null}
                  </td>
                  <td data-label={t`By`}>{l.staff ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <FamilyOrders orders={family.orders} phone={phone} />
        <FamilyRequests requests={family.requests} />
      </div>
    </div>
  );
}

function HoursForm({ familyId, phone }: { familyId: number; phone: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [summary, setSummary] = useState<string[]>([]);
  const adjust = useMutation({
    mutationFn: (body: { direction: 'credit' | 'debit'; hours: number; reason: string }) => adjustHours(familyId, body),
    meta: consoleMeta([409]),
    onSettled: () => refreshConsole.family(queryClient, phone),
  });
  const { formRef, validateAll } = useValidateAllOnSubmit();
  const form = useAppForm({
    defaultValues: { direction: 'credit' as 'credit' | 'debit', hours: '', reason: '' },
    onSubmit: async ({ value, formApi }) => {
      setSummary([]);
      try {
        const done = await adjust.mutateAsync({ direction: value.direction, hours: Number(value.hours), reason: value.reason.trim() });
        toast.show({ severity: 'success', summary: t`Hours adjusted`, detail: t`New balance: ${done.balance_hours} hours` });
        formApi.reset();
      } catch (error) {
        if (isApiError(error) && error.status === 409 && error.serverMessage) setSummary([error.serverMessage]);
      }
    },
    ...validateAll,
  });
  return (
    <section className="console-card" aria-labelledby="hours-title">
      <h2 id="hours-title">
        <Trans>Credit or debit hours</Trans>
      </h2>
      <form ref={formRef} className="form console-form" noValidate onSubmit={submitWith(form)} aria-labelledby="hours-title">
        <FormError messages={summary} />
        <form.Field name="direction">
          {(field) => (
            <fieldset className="console-choice">
              <legend>
                <Trans>Adjustment</Trans>
              </legend>
              {(['credit', 'debit'] as const).map((d) => (
                <label key={d}>
                  <input
                    type="radio"
                    name={field.name}
                    value={d}
                    checked={field.state.value === d}
                    onChange={() => field.handleChange(d)}
                  />{' '}
                  {d === 'credit' ? t`Credit (add hours)` : t`Debit (remove hours)`}
                </label>
              ))}
            </fieldset>
          )}
        </form.Field>
        <form.AppField
          name="hours"
          validators={{
            onChange: ({ value }) =>
              hoursAdjustmentSchema.shape.hours.safeParse(Number(value)).success && value.trim() !== ''
                ? undefined
                : t`Whole or half hours, more than 0 and at most 200.`,
          }}
        >
          {(field) => <field.TextField label={t`Hours`} inputMode="decimal" dir="ltr" />}
        </form.AppField>
        <form.Field name="reason" validators={{ onChange: hoursAdjustmentSchema.shape.reason }}>
          {(field) => (
            <Field label={t`Reason (kept in the ledger)`} required errors={visibleErrors(field, i18n)}>
              {(control) => <TextArea {...control} {...textBinding(field)} rows={3} maxLength={500} />}
            </Field>
          )}
        </form.Field>
        <Button type="submit" disabled={adjust.isPending}>
          <Trans>Save the adjustment</Trans>
        </Button>
      </form>
    </section>
  );
}

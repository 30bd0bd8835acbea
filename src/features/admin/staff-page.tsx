// Staff management (administrators): the members with their role and state, a new member (e-mail, name,
// role, a first password under the teachers' rules; they enrol two-factor at their first sign-in), and
// disabling one, which signs them out at once.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { STAFF_ROLE_NAMES, staffCreateSchema, type StaffRoleName } from '../../../contract/staff';
import { useAppForm } from '../../domain/app-form';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { applyServerErrors, submitWith, useValidateAllOnSubmit, visibleErrors } from '../../ui/form-helpers';
import { LoadState } from '../../ui/load-state';
import { SelectInput } from '../../ui/select-input';
import { toast } from '../../ui/toast-store';
import { refreshConsole, createStaffMember, disableStaffMember, staffQuery } from './admin-api';
import { consoleMeta } from './console-errors';
import { NotAllowed } from './not-allowed';
import { mayUse } from './roles';
import { useStaffSession } from './staff-session';
import { roleTexts } from './texts';

export function StaffPage() {
  const { t, i18n } = useLingui();
  const session = useStaffSession();
  const role = session?.staff.role;
  const queryClient = useQueryClient();
  const allowed = !role || mayUse(role, 'staff');
  const staff = useQuery({ ...staffQuery(), enabled: allowed });
  const disable = useMutation({
    mutationFn: (id: number) => disableStaffMember(id),
    meta: consoleMeta(),
    onSettled: () => refreshConsole.staff(queryClient),
  });
  if (!allowed) return <NotAllowed />;
  return (
    <section className="console-page">
      <h1>
        <Trans>Staff</Trans>
      </h1>
      <div className="console-split">
        <div className="console-column console-wide">
          {!staff.data ? (
            <LoadState failed={staff.isError} failedText={<Trans>The staff list could not be loaded.</Trans>} />
          ) : (
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans context="console">Name</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Email</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Role</Trans>
                  </th>
                  <th scope="col">
                    <Trans>State</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {staff.data.map((m) => (
                  <tr key={m.id}>
                    <th scope="row" data-label={t({ message: 'Name', context: 'console' })}>
                      {m.name}
                    </th>
                    <td data-label={t`Email`} dir="ltr" className="console-ltr">
                      {m.email}
                    </td>
                    <td data-label={t`Role`}>{i18n._(roleTexts[m.role])}</td>
                    <td data-label={t`State`}>
                      {m.disabled ? t`Disabled` : m.totp_enabled ? t({ message: 'Active', context: 'console' }) : t`Not yet signed in`}{' '}
                      {!m.disabled && m.id !== session?.staff.id ? (
                        <Button
                          variant="danger"
                          className="button-small"
                          disabled={disable.isPending}
                          aria-label={t`Disable ${m.name}`}
                          onClick={() => disable.mutate(m.id)}
                        >
                          <Trans>Disable</Trans>
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div className="console-column">
          <AddMemberForm />
        </div>
      </div>
    </section>
  );
}

function AddMemberForm() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [summary, setSummary] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: (body: { email: string; name: string; role: string; password: string }) => createStaffMember(body),
    meta: consoleMeta([400, 409]),
    onSuccess: () => refreshConsole.staff(queryClient),
  });
  const { formRef, validateAll, focusFirstInvalid } = useValidateAllOnSubmit();
  const fields = staffCreateSchema.shape;
  const form = useAppForm({
    defaultValues: { email: '', name: '', role: '' as StaffRoleName | '', password: '' },
    onSubmit: async ({ value, formApi }) => {
      setSummary([]);
      try {
        await create.mutateAsync({ email: value.email.trim(), name: value.name.trim(), role: value.role, password: value.password });
        toast.show({ severity: 'success', summary: t`Staff member added`, detail: value.email.trim() });
        formApi.reset();
      } catch (error) {
        if (isApiError(error) && error.status === 400) {
          setSummary(applyServerErrors(formApi, error.fieldErrors));
          focusFirstInvalid();
        } else if (isApiError(error) && error.status === 409 && error.serverMessage) setSummary([error.serverMessage]);
      }
    },
    ...validateAll,
  });
  return (
    <section className="console-card" aria-labelledby="staff-new-title">
      <h2 id="staff-new-title">
        <Trans>Add a staff member</Trans>
      </h2>
      <p className="muted">
        <Trans>They set up two-factor sign-in the first time they sign in.</Trans>
      </p>
      <form ref={formRef} className="form console-form" noValidate onSubmit={submitWith(form)} aria-labelledby="staff-new-title">
        <FormError messages={summary} />
        <form.AppField name="email" validators={{ onChange: fields.email }}>
          {(field) => <field.TextField label={t`Email`} type="email" dir="ltr" autoComplete="off" />}
        </form.AppField>
        <form.AppField name="name" validators={{ onChange: fields.name }}>
          {(field) => <field.TextField label={t({ message: 'Name', context: 'console' })} autoComplete="off" />}
        </form.AppField>
        <form.Field name="role" validators={{ onChange: fields.role }}>
          {(field) => (
            <Field label={t`Role`} required errors={visibleErrors(field, i18n)}>
              {(control) => (
                <SelectInput
                  {...control}
                  name={field.name}
                  placeholder={t`Choose a role`}
                  options={STAFF_ROLE_NAMES.map((r) => ({ value: r, label: i18n._(roleTexts[r]) }))}
                  value={field.state.value}
                  onChange={(v) => field.handleChange(v as StaffRoleName | '')}
                  onBlur={() => field.handleBlur()}
                />
              )}
            </Field>
          )}
        </form.Field>
        <form.AppField name="password" validators={{ onChange: fields.password }}>
          {(field) => <field.TextField label={t`First password`} type="password" dir="ltr" autoComplete="new-password" />}
        </form.AppField>
        <Button type="submit" disabled={create.isPending}>
          <Trans>Add</Trans>
        </Button>
      </form>
    </section>
  );
}

// The contact page's message form (spec §5: required fields, email format, message more than 10 and
// less than 400 characters), with TanStack Form, zod and the phone input's numbering plans. Loaded when
// the visitor reaches for the page's shell of it (contact-us.tsx), taking over what was typed.
import { useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contactRequestSchema } from '../../../contract/contact';
import { MESSAGE_MAX_LENGTH } from '../../../contract/validation';
import { sendContactMessage, type ContactRequest } from '../../api/contact';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { useHandoverSubmit, type Handover } from '../../ui/deferred-form';
import { Field } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { applyServerErrors, submitWith, textBinding, useValidateAllOnSubmit, valueBinding, visibleErrors } from '../../ui/form-helpers';
import { fieldValidators } from '../../domain/field-groups';
import { fieldErrors } from '../../domain/form-messages';
import { DEFAULT_COUNTRY, emptyPhone, PhoneInput, toPhoneValue, type PhoneValue } from '../../ui/phone-input';
import { TextArea } from '../../ui/text-area';
import { TextInput } from '../../ui/text-input';
import { toast } from '../../ui/toast-store';
import { MessageCounter } from './message-counter';

// The server validates with the same schemas (contract/contact.ts); the client runs them per field.
// The phone is the sign-up's own input and rules (country picker, numbering plan of the country).
const fields = contactRequestSchema.shape;

interface ContactValues {
  name: string;
  email: string;
  phone: PhoneValue;
  message: string;
}

const emptyForm = (): ContactValues => ({ name: '', email: '', phone: emptyPhone(), message: '' });

function fromHandover(values: Record<string, string> = {}): ContactValues {
  return {
    name: values.name ?? '',
    email: values.email ?? '',
    phone: values.phone ? toPhoneValue(values.phone, DEFAULT_COUNTRY) : emptyPhone(),
    message: values.message ?? '',
  };
}

export function ContactForm({ handover }: { handover?: Handover }) {
  const { t, i18n } = useLingui();
  const send = useMutation({ mutationFn: (input: ContactRequest) => sendContactMessage(input) });
  const { formRef, validateAll, focusFirstInvalid } = useValidateAllOnSubmit();
  const [summary, setSummary] = useState<string[]>([]);

  const form = useForm({
    defaultValues: fromHandover(handover?.values),
    onSubmit: async ({ value, formApi }) => {
      setSummary([]);
      try {
        const reply = await send.mutateAsync({
          name: value.name.trim(),
          email: value.email.trim(),
          phone: value.phone.e164,
          message: value.message.trim(),
        });
        toast.show({ severity: 'success', summary: t`Message sent`, detail: reply.message });
        formApi.reset(emptyForm());
      } catch (error) {
        // The catalogue toast is shown by the global handler; here the 400's errors go next to fields.
        // Whatever the failure, the typed values stay in the form.
        if (isApiError(error) && error.status === 400) {
          setSummary(applyServerErrors(formApi, error.fieldErrors));
          focusFirstInvalid();
        }
      }
    },
    ...validateAll,
  });
  useHandoverSubmit(handover, () => form.handleSubmit());

  return (
    <form ref={formRef} className="form contact-form" noValidate aria-labelledby="contact-form-title" onSubmit={submitWith(form)}>
      <h2 id="contact-form-title">
        <Trans>Send us a message</Trans>
      </h2>
      <FormError title={t`The message could not be sent:`} messages={summary} />

      <form.Field name="name" validators={{ onChange: fields.name }}>
        {(field) => (
          <Field label={t`Name`} required errors={visibleErrors(field, i18n)}>
            {(control) => <TextInput {...control} {...textBinding(field)} autoComplete="name" />}
          </Field>
        )}
      </form.Field>

      <form.Field name="email" validators={{ onChange: fields.email }}>
        {(field) => (
          <Field label={t`Email`} required errors={visibleErrors(field, i18n)}>
            {(control) => <TextInput {...control} {...textBinding(field)} type="email" autoComplete="email" dir="ltr" inputMode="email" />}
          </Field>
        )}
      </form.Field>

      <form.Field name="phone" validators={fieldValidators.phone}>
        {(field) => (
          <Field label={t`Phone`} required errors={fieldErrors(field, i18n)}>
            {(control) => <PhoneInput {...control} name={field.name} {...valueBinding<PhoneValue>(field)} />}
          </Field>
        )}
      </form.Field>

      <form.Field name="message" validators={{ onChange: fields.message }}>
        {(field) => {
          const count = field.state.value.trim().length;
          return (
            <Field
              label={t`Message`}
              required
              errors={visibleErrors(field, i18n)}
              description={<MessageCounter count={count} over={count > MESSAGE_MAX_LENGTH} />}
            >
              {(control) => <TextArea {...control} {...textBinding(field)} rows={6} />}
            </Field>
          );
        }}
      </form.Field>

      <form.Subscribe selector={(s) => s.isSubmitting}>
        {(submitting) => (
          // The name stays "Send" while sending (a stable accessible name); aria-busy says it is working.
          <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
            <Trans>Send</Trans>
          </Button>
        )}
      </form.Subscribe>
    </form>
  );
}

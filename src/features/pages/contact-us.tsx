// The contact page: how to reach the team (from the server's settings) and a validated message form
// (spec §5: required fields, email format, message more than 10 and less than 400 characters).
import { useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { contactRequestSchema } from '../../../contract/contact';
import { MESSAGE_MAX_LENGTH } from '../../../contract/validation';
import { sendContactMessage, type ContactRequest } from '../../api/contact';
import { isApiError } from '../../api/api-error';
import { contactDetailsOf, settingsQuery } from '../../api/reference';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { applyServerErrors, submitWith, textBinding, useValidateAllOnSubmit, valueBinding, visibleErrors } from '../../ui/form-helpers';
import { fieldValidators } from '../../domain/field-groups';
import { fieldErrors } from '../../domain/form-messages';
import { emptyPhone, PhoneInput, type PhoneValue } from '../../ui/phone-input';
import { TextArea } from '../../ui/text-area';
import { TextInput } from '../../ui/text-input';
import { toast } from '../../ui/toast-store';

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

export function ContactPage() {
  const { t, i18n } = useLingui();
  const settings = useQuery(settingsQuery(i18n.locale));
  const details = contactDetailsOf(settings.data);
  const send = useMutation({ mutationFn: (input: ContactRequest) => sendContactMessage(input) });
  const { formRef, validateAll, focusFirstInvalid } = useValidateAllOnSubmit();
  const [summary, setSummary] = useState<string[]>([]);

  const form = useForm({
    defaultValues: emptyForm(),
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
        formApi.reset();
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

  return (
    <section className="page container contact-page">
      <h1>
        <Trans>Contact us</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Questions about lessons, packages for schools and institutions, or anything else? Write to us and our team will
          reply as soon as possible.
        </Trans>
      </p>

      <div className="contact-layout">
        {details.email || details.phone || details.address ? (
          <aside className="contact-details" aria-labelledby="contact-details-title">
            <h2 id="contact-details-title">
              <Trans>Reach us directly</Trans>
            </h2>
            <dl>
              {details.email ? (
                <>
                  <dt>
                    <Trans>Email</Trans>
                  </dt>
                  <dd>
                    <a href={`mailto:${details.email}`} dir="ltr">
                      {details.email}
                    </a>
                  </dd>
                </>
              ) : null}
              {details.phone ? (
                <>
                  <dt>
                    <Trans>Phone</Trans>
                  </dt>
                  <dd>
                    <a href={`tel:${details.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
                      {details.phone}
                    </a>
                  </dd>
                </>
              ) : null}
              {details.address ? (
                <>
                  <dt>
                    <Trans>Address</Trans>
                  </dt>
                  <dd>{details.address}</dd>
                </>
              ) : null}
            </dl>
          </aside>
        ) : null}

        <form
          ref={formRef}
          className="form contact-form"
          noValidate
          aria-labelledby="contact-form-title"
          onSubmit={submitWith(form)}
        >
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
                {(control) => (
                  <TextInput {...control} {...textBinding(field)} type="email" autoComplete="email" dir="ltr" inputMode="email" />
                )}
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
                  description={
                    <span className="char-counter" data-over={count > MESSAGE_MAX_LENGTH || undefined}>
                      <Plural
                        value={count}
                        one="# character (more than 10 and less than 400)"
                        other="# characters (more than 10 and less than 400)"
                      />
                    </span>
                  }
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
      </div>
    </section>
  );
}

// The footer's newsletter sign-up: one email field. Signing up twice is good news said kindly (an info
// toast with the server's message), not an error. Loaded when the visitor reaches for the footer's
// shell of it (src/app/lazy-newsletter.tsx), taking over what was typed there.
import { useForm } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { newsletterRequestSchema } from '../../../contract/newsletter';
import { subscribeToNewsletter } from '../../api/newsletter';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { applyServerErrors, submitWith, textBinding, useValidateAllOnSubmit, visibleErrors } from '../../ui/form-helpers';
import { TextInput } from '../../ui/text-input';
import { toast } from '../../ui/toast-store';
import { useHandoverSubmit, type Handover } from '../../ui/deferred-form';

export function NewsletterForm({ handover }: { handover?: Handover }) {
  const { t, i18n } = useLingui();
  const subscribe = useMutation({ mutationFn: (email: string) => subscribeToNewsletter(email) });
  const { formRef, validateAll, focusFirstInvalid } = useValidateAllOnSubmit();

  const form = useForm({
    defaultValues: { email: handover?.values.email ?? '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        const reply = await subscribe.mutateAsync(value.email.trim());
        if (reply.data?.already_subscribed) {
          toast.show({ severity: 'info', summary: t`Already subscribed`, detail: reply.message });
        } else {
          toast.show({ severity: 'success', summary: t`Subscribed`, detail: reply.message });
        }
        formApi.reset({ email: '' });
      } catch (error) {
        if (isApiError(error) && error.status === 400) {
          applyServerErrors(formApi, error.fieldErrors);
          focusFirstInvalid();
        }
      }
    },
    ...validateAll,
  });
  useHandoverSubmit(handover, () => form.handleSubmit());

  return (
    <form ref={formRef} className="newsletter-form" noValidate onSubmit={submitWith(form)}>
      <form.Field name="email" validators={{ onChange: newsletterRequestSchema.shape.email }}>
        {(field) => (
          <Field label={t`Email for newsletter`} required errors={visibleErrors(field, i18n)}>
            {(control) => <TextInput {...control} {...textBinding(field)} type="email" autoComplete="email" dir="ltr" inputMode="email" />}
          </Field>
        )}
      </form.Field>
      <form.Subscribe selector={(s) => s.isSubmitting}>
        {(submitting) => (
          <Button type="submit" variant="secondary" disabled={submitting} aria-busy={submitting || undefined}>
            <Trans>Subscribe</Trans>
          </Button>
        )}
      </form.Subscribe>
    </form>
  );
}

// The frame every validated form of the app shares: a <form> that leaves validation to TanStack Form
// (noValidate, submitWith), named for assistive technology, with the summary of what stopped the last
// submit above its fields and the submit button, busy while the request runs, below them.
import type { FormHTMLAttributes, ReactNode, RefObject } from 'react';
import { Button } from './button';
import { FormError } from './form-error';
import { submitWith } from './form-helpers';

export interface FormShellProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'aria-label' | 'children'> {
  formRef: RefObject<HTMLFormElement | null>;
  form: { handleSubmit: () => Promise<unknown> };
  /** The form's accessible name. */
  label: string;
  /** Added to the base `form` class, e.g. "auth-form". */
  className: string;
  errorTitle?: ReactNode;
  /** Problems of the last submit that belong to no single field. */
  errors: readonly string[];
  busy: boolean;
  submitLabel: ReactNode;
  /** The submit stays disabled while this is true (besides while busy). */
  submitDisabled?: boolean;
  /** Shown above the error summary (a notice, an explanation). */
  intro?: ReactNode;
  children: ReactNode;
}

export function FormShell({
  formRef,
  form,
  label,
  className,
  errorTitle,
  errors,
  busy,
  submitLabel,
  submitDisabled = false,
  intro,
  children,
  ...rest
}: FormShellProps) {
  return (
    <form ref={formRef} className={`form ${className}`} noValidate aria-label={label} onSubmit={submitWith(form)} {...rest}>
      {intro}
      <FormError title={errorTitle} messages={errors} />
      {children}
      <Button type="submit" disabled={busy || submitDisabled} aria-busy={busy || undefined}>
        {submitLabel}
      </Button>
    </form>
  );
}

// Glue between TanStack Form and our Field primitives: which errors to show (after blur or a submit
// attempt, never while the user is still on a pristine field), input bindings that validate on blur,
// and pushing a 400's field errors from the server onto the form's fields.
import { useStore, type AnyFieldApi, type AnyFormApi } from '@tanstack/react-form';
import type { I18n } from '@lingui/core';
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import type { FieldErrors } from '../api/api-error';
import { validationMessage } from './validation';

/** Flattens what TanStack Form keeps as errors (strings, Standard Schema issues, arrays) into messages. */
export function errorMessages(errors: readonly unknown[]): string[] {
  const out: string[] = [];
  const visit = (e: unknown) => {
    if (!e) return;
    if (Array.isArray(e)) return e.forEach(visit);
    if (typeof e === 'string') out.push(e);
    else if (typeof e === 'object' && 'message' in e && typeof (e as { message: unknown }).message === 'string') {
      out.push((e as { message: string }).message);
    }
  };
  errors.forEach(visit);
  return [...new Set(out)];
}

/**
 * The errors the user should see now — after leaving the field, after a submit attempt, or from the
 * server — in the active language (contract schemas report keys, see ./validation).
 */
export function visibleErrors(field: AnyFieldApi, i18n: I18n): string[] {
  const meta = field.state.meta;
  const shown = meta.isBlurred || field.form.state.submissionAttempts > 0;
  const raw = errorMessages(shown ? meta.errors : [meta.errorMap.onServer]);
  return [...new Set(raw.map((m) => validationMessage(m, i18n)))];
}

/**
 * Value and handlers for a text control. Validation runs as the `onChange` validator on every change,
 * on blur and on submit, so the shown message is never stale; visibleErrors decides when it appears.
 */
export function textBinding(field: AnyFieldApi) {
  return {
    name: field.name as string,
    value: (field.state.value as string | undefined) ?? '',
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => field.handleChange(e.target.value),
    onBlur: () => {
      field.handleBlur();
      void field.validate('change');
    },
  };
}

/**
 * Puts a 400's field errors next to their fields (TanStack's `onServer` slot, cleared by the next edit or
 * submit). Returns the messages whose field is not on this form, for a FormError summary.
 */
export function applyServerErrors(form: AnyFormApi, fieldErrors: FieldErrors): string[] {
  const unmatched: string[] = [];
  for (const [name, messages] of Object.entries(fieldErrors)) {
    if (name in form.fieldInfo) {
      form.setFieldMeta(name, (prev) => ({ ...prev, errorMap: { ...prev.errorMap, onServer: messages } }));
    } else {
      unmatched.push(...messages);
    }
  }
  return unmatched;
}

/**
 * Moves focus to the first invalid control of a form, so keyboard and screen-reader users land on it.
 * The returned function asks for it; the focus happens in an effect, i.e. after React has committed
 * the render that marks the fields aria-invalid (a frame wait can come before that commit).
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>): () => void {
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [requests, formRef]);
  return useCallback(() => setRequests((n) => n + 1), []);
}

/**
 * The form element's ref and the useForm options every form shares: a submit validates every field —
 * even when one is already invalid, which TanStack Form would otherwise skip, so the user sees every
 * problem at once — and focus moves to the first invalid field (`focusFirstInvalid` does the same
 * after a server's field errors).
 */
export function useValidateAllOnSubmit() {
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [validateAll] = useState(() => ({
    canSubmitWhenInvalid: true as const,
    onSubmitInvalid: focusFirstInvalid,
  }));
  return { formRef, validateAll, focusFirstInvalid };
}

/** A `<form onSubmit>` handler: no native submit; TanStack Form validates, then submits. */
export function submitWith(form: { handleSubmit: () => Promise<unknown> }) {
  return (event: FormEvent) => {
    event.preventDefault();
    void form.handleSubmit();
  };
}

// Non-text controls (phone, files, choices): the same blur behaviour as text fields — validate on leaving.
export function onBlurOf(field: AnyFieldApi): () => void {
  return () => {
    field.handleBlur();
    void field.validate('change');
  };
}

/** Value and handlers for a control whose value is not a string from an input event. */
export function valueBinding<T>(field: AnyFieldApi) {
  return {
    value: field.state.value as T,
    onChange: (value: T) => field.handleChange(value),
    onBlur: onBlurOf(field),
  };
}

/**
 * The form's count of submit attempts, for a `data-attempts` attribute on the <form>. Fields show their
 * errors after a submit attempt (visibleErrors reads the count), but a field re-renders only on its own
 * state: reading the count re-renders the form when it changes, so a field that was already invalid and
 * never left (Enter pressed in it, or Save pressed without leaving it) shows its message.
 */
export function useSubmitAttempts(form: AnyFormApi): number {
  return useStore(form.store, (s) => s.submissionAttempts);
}

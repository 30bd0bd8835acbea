// How an auth form talks to the auth statechart: it sends one event when the machine can take it, and
// hears back about a failure only when that failure answers its own request (a failure left in the
// machine by another screen is not this form's business). The app tells every failure the error
// catalogue's way (spec §8: a toast, src/bindings/auth.ts); here field errors from a 400/422 go next to
// their fields, the rest above the form.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { AnyFormApi } from '@tanstack/react-form';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Failure } from '../../../contract/failure';
import { selectFailure, selectIsBusy, type AuthEvent, type AuthMachine } from '../../../machines/auth.machine';
import { describeFailure } from '../../api/present-error';
import { useAppForm } from '../../domain/app-form';
import { applyServerErrors, useFocusFirstInvalid, useValidateAllOnSubmit } from '../../ui/form-helpers';
import { toast } from '../../ui/toast-store';

export type AuthActor = ActorRefFrom<AuthMachine>;

/** Server field names that belong to another field of the form ("phases.0" is the phases list). */
function normaliseFieldErrors(fieldErrors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const base = key.split('.')[0] ?? key;
    const name = base === 'country_code' ? 'phone' : base.replace(/\[\]$/, '');
    out[name] = [...(out[name] ?? []), ...messages];
  }
  return out;
}

/** Sends auth events for one form and reports failures of its own requests. */
export function useAuthRequest(auth: AuthActor, onFailure: (failure: Failure) => void) {
  const busy = useSelector(auth, selectIsBusy);
  const failure = useSelector(auth, selectFailure);
  const waiting = useRef(false);
  const handler = useRef(onFailure);
  useEffect(() => {
    handler.current = onFailure;
  });

  useEffect(() => {
    if (waiting.current && failure) {
      waiting.current = false;
      handler.current(failure);
    }
  }, [failure]);

  const send = useCallback(
    (event: AuthEvent): boolean => {
      if (!auth.getSnapshot().can(event)) return false;
      waiting.current = true;
      auth.send(event);
      return true;
    },
    [auth],
  );
  return { busy, send };
}

/**
 * A form's request with the standard failure handling: server field errors on the form's fields (the
 * typed values stay), everything else in `summary` for a FormError.
 */
export function useAuthForm(auth: AuthActor, form: AnyFormApi, formRef: RefObject<HTMLFormElement | null>) {
  const { i18n } = useLingui();
  const [summary, setSummary] = useState<string[]>([]);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const { busy, send: sendRequest } = useAuthRequest(auth, (failure) => {
    const fieldErrors = normaliseFieldErrors(failure.fieldErrors);
    if ((failure.status === 400 || failure.status === 422) && Object.keys(fieldErrors).length > 0) {
      setSummary(applyServerErrors(form, fieldErrors));
    } else {
      setSummary([describeFailure(failure, i18n).toast.detail]);
    }
    focusFirstInvalid();
  });
  const send = useCallback(
    (event: AuthEvent) => {
      setSummary([]);
      // A new attempt: the error toasts of the last one no longer describe what is on screen.
      toast.clearErrors();
      return sendRequest(event);
    },
    [sendRequest],
  );
  return { busy, send, summary };
}

/**
 * An auth screen's form: a TanStack form over `defaultValues` whose submit sends the one auth event
 * `toEvent` makes of the values, with useAuthForm's failure handling. `shell` is what its FormShell needs.
 */
export function useAuthEventForm<Values>(auth: AuthActor, defaultValues: Values, toEvent: (values: Values) => AuthEvent) {
  const { formRef, validateAll } = useValidateAllOnSubmit();
  const form = useAppForm({
    defaultValues,
    onSubmit: ({ value }) => {
      send(toEvent(value));
    },
    ...validateAll,
  });
  const { busy, send, summary } = useAuthForm(auth, form, formRef);
  return { form, formRef, summary, shell: { formRef, form, busy, errors: summary, className: 'auth-form' } };
}

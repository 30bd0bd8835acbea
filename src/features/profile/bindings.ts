// Value and handlers for a control whose value is not a string from an input event; validates on blur like
// ui/form-helpers textBinding.
import type { AnyFieldApi } from '@tanstack/react-form';

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

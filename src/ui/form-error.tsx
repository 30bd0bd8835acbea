// The summary above a form: what stopped the last submit, for errors that belong to no single field.
// Rendered as an alert so it is announced when it appears.
import type { ReactNode } from 'react';

export interface FormErrorProps {
  title?: ReactNode;
  messages: readonly string[];
}

export function FormError({ title, messages }: FormErrorProps) {
  if (messages.length === 0) return null;
  return (
    <div className="form-error" role="alert">
      {title ? <p className="form-error-title">{title}</p> : null}
      <ul>
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}

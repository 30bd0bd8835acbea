// A labelled form field: label (with a required marker), the control, an optional description and the
// field's errors, wired with aria-describedby / aria-invalid so assistive technology reads them together.
import { useId, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';

export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FieldProps {
  label: ReactNode;
  required?: boolean;
  description?: ReactNode;
  /** Messages to show now (already filtered to what the user should see, e.g. after blur). */
  errors?: readonly string[];
  id?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

export function Field({ label, required = false, description, errors = [], id, className, children }: FieldProps) {
  const { t } = useLingui();
  const generated = useId();
  const controlId = id ?? `field${generated}`;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const invalid = errors.length > 0;
  const describedBy = [description ? descriptionId : null, invalid ? errorId : null].filter(Boolean).join(' ');
  const control: ControlProps = { id: controlId };
  if (describedBy) control['aria-describedby'] = describedBy;
  if (invalid) control['aria-invalid'] = true;
  if (required) control['aria-required'] = true;

  return (
    <div className={`field${invalid ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      {/* The marker sits outside the label so the accessible name stays exactly the label text;
          aria-required on the control tells assistive technology instead. */}
      <div className="field-label-row">
        <label className="field-label" htmlFor={controlId}>
          {label}
        </label>
        {required ? (
          <span className="field-required" aria-hidden="true" title={t`required`}>
            *
          </span>
        ) : null}
      </div>
      {children(control)}
      {description ? (
        <div id={descriptionId} className="field-description">
          {description}
        </div>
      ) : null}
      {/* Always present so the live region exists before a message appears in it. */}
      <div id={errorId} className="field-error" aria-live="polite">
        {errors.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </div>
  );
}

// A group of radio buttons or checkboxes with a legend and the group's errors (gender, phases, subjects):
// a fieldset, because one label cannot name a group of controls. Shared by the sign-up and profile forms.
import { useId, type ReactNode } from 'react';

export interface Choice {
  value: string;
  label: ReactNode;
}

interface CommonProps {
  legend: ReactNode;
  name: string;
  choices: readonly Choice[];
  errors?: readonly string[];
  required?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
  /** Lays many short choices out in columns. */
  columns?: boolean;
}

export type ChoiceGroupProps = CommonProps &
  (
    | { multiple?: false; value: string; onChange: (value: string) => void }
    | { multiple: true; value: readonly string[]; onChange: (value: string[]) => void }
  );

export function ChoiceGroup(props: ChoiceGroupProps) {
  const { legend, name, choices, errors = [], required, disabled, onBlur, columns } = props;
  const errorId = `choice${useId()}-error`;
  const invalid = errors.length > 0;
  const isChecked = (value: string) => (props.multiple ? props.value.includes(value) : props.value === value);
  const toggle = (value: string, checked: boolean) => {
    if (props.multiple) {
      props.onChange(checked ? [...props.value, value] : props.value.filter((v) => v !== value));
    } else if (checked) {
      props.onChange(value);
    }
  };

  return (
    <fieldset
      className={`field choice-group${invalid ? ' field-invalid' : ''}`}
      aria-describedby={invalid ? errorId : undefined}
      role={props.multiple ? 'group' : 'radiogroup'}
    >
      <legend className="field-label">
        {legend}
        {required ? (
          <span className="field-required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </legend>
      <div className={`choices${columns ? ' choices-columns' : ''}`}>
        {choices.map((choice) => (
          <label key={choice.value} className="choice">
            <input
              type={props.multiple ? 'checkbox' : 'radio'}
              name={name}
              value={choice.value}
              checked={isChecked(choice.value)}
              disabled={disabled}
              onChange={(e) => toggle(choice.value, e.target.checked)}
              onBlur={onBlur}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      <div id={errorId} className="field-error" aria-live="polite">
        {errors.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </fieldset>
  );
}

// A native single-choice list styled like the text inputs, with a first "choose…" entry: native so
// that phones show their own picker and screen readers need nothing extra.
import type { SelectHTMLAttributes } from 'react';

export interface SelectInputProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> {
  options: readonly { value: string; label: string }[];
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

export function SelectInput({ options, placeholder, value, onChange, className, ...rest }: SelectInputProps) {
  return (
    <select
      {...rest}
      className={`input select${className ? ` ${className}` : ''}`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

// A single-line text input styled for the theme; pass Field's control props through.
import { forwardRef, type InputHTMLAttributes } from 'react';

export type TextInputProps = InputHTMLAttributes<HTMLInputElement>;

export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput({ className, ...rest }, ref) {
  return <input ref={ref} className={`input${className ? ` ${className}` : ''}`} {...rest} />;
});

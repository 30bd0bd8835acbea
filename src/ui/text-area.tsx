// A multi-line text input styled like TextInput; pass Field's control props through.
import { forwardRef, type TextareaHTMLAttributes } from 'react';

export type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea({ className, rows = 5, ...rest }, ref) {
  return <textarea ref={ref} rows={rows} className={`input textarea${className ? ` ${className}` : ''}`} {...rest} />;
});

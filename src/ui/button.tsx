// Button with the theme's ripple (spec §9). The ripple is decoration only: aria-hidden, and skipped
// when the user prefers reduced motion.
import { forwardRef, type ButtonHTMLAttributes, type MouseEvent } from 'react';

// One primary action per place; the others are quieter: `ghost` (outlined) for going back or keeping
// things as they are, `danger` (outlined, error-coloured text) for destructive steps such as cancelling
// a request, whose confirm dialog then asks again. `secondary` (gold) is for positive side actions.
type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
}

function ripple(event: MouseEvent<HTMLButtonElement>): void {
  const button = event.currentTarget;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  const rect = button.getBoundingClientRect();
  const size = Math.max(rect.width, rect.height);
  const dot = document.createElement('span');
  dot.className = 'ripple';
  dot.setAttribute('aria-hidden', 'true');
  dot.style.width = dot.style.height = `${size}px`;
  dot.style.insetInlineStart = `${(document.dir === 'rtl' ? rect.right - event.clientX : event.clientX - rect.left) - size / 2}px`;
  dot.style.insetBlockStart = `${event.clientY - rect.top - size / 2}px`;
  button.appendChild(dot);
  dot.addEventListener('animationend', () => dot.remove());
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', className, onClick, onMouseDown, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      // A submit button keeps the focus where it is on a mouse press: otherwise the field being left
      // shows its message first, the layout moves the button away and the click is lost. The click
      // still submits, and the form then moves focus to the first field that needs fixing.
      onMouseDown={onMouseDown ?? (type === 'submit' ? (e) => e.preventDefault() : undefined)}
      className={`button button-${variant}${className ? ` ${className}` : ''}`}
      onClick={(e) => {
        ripple(e);
        onClick?.(e);
      }}
      {...rest}
    />
  );
});

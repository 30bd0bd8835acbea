// The contact message's character counter, shared by the contact form and its shell (contact-us.tsx).
import { Plural } from '@lingui/react/macro';

export function MessageCounter({ count, over = false }: { count: number; over?: boolean }) {
  return (
    <span className="char-counter" data-over={over || undefined}>
      <Plural value={count} one="# character (more than 10 and less than 400)" other="# characters (more than 10 and less than 400)" />
    </span>
  );
}

// Shows the toast store's messages with Radix Toast. Placed at the top inline-end corner (the bottom on a phone): top-right in
// English, top-left in Arabic, so it mirrors with the reading direction like the rest of the layout
// (and like Radix's swipe-to-dismiss, which we point towards the inline end).
import * as RadixToast from '@radix-ui/react-toast';
import { useDirection } from '@radix-ui/react-direction';
import { useLingui } from '@lingui/react/macro';
import { toast as defaultStore, useToasts, type Severity, type ToastStore } from './toast-store';

const HOTKEY = ['F8'];

// Drawn, not characters: ✓ × ★ are missing from some desktops' fonts.
const ICONS: Record<Severity, string> = {
  info: 'M12 11v6M12 7v.5',
  success: 'M6 12.5l4 4L18 8',
  warn: 'M12 6v7.5M12 17.5v.5',
  error: 'M7 7l10 10M17 7L7 17',
  secondary: 'M12 11.5v1',
  contrast: 'M12 4.5l2.2 4.6 5 .7-3.6 3.5.9 5-4.5-2.4-4.5 2.4.9-5-3.6-3.5 5-.7z',
};

export interface ToasterProps {
  /** Only toasts of this group; without it, only toasts without a group. */
  group?: string;
  store?: ToastStore;
}

export function Toaster({ group, store = defaultStore }: ToasterProps) {
  const { t } = useLingui();
  const messages = useToasts(store).filter((m) => m.group === group);
  const dir = useDirection();
  const severityLabel: Record<Severity, string> = {
    info: t`Information`,
    success: t`Success`,
    warn: t`Warning`,
    error: t`Error`,
    secondary: t`Notice`,
    contrast: t`Notice`,
  };
  const hotkey = HOTKEY.join('+');
  return (
    <RadixToast.Provider label={t`Notification`} swipeDirection={dir === 'rtl' ? 'left' : 'right'}>
      {messages.map((m) => (
        <RadixToast.Root
          key={m.id}
          className="toast"
          data-severity={m.severity}
          duration={m.life}
          // Problems interrupt the screen reader; good news waits its turn.
          type={m.severity === 'error' || m.severity === 'warn' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) store.dismiss(m.id);
          }}
          // Without a close button the toast must still not be dismissed by Escape or a swipe.
          {...(m.closable
            ? {}
            : { onEscapeKeyDown: (e: KeyboardEvent) => e.preventDefault(), onSwipeEnd: (e: Event) => e.preventDefault() })}
        >
          <span className="toast-icon" aria-hidden="true">
            <svg
              viewBox="0 0 24 24"
              width="16"
              height="16"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.6"
              strokeLinecap="round"
              strokeLinejoin="round"
              focusable="false"
            >
              <path d={ICONS[m.severity]} />
            </svg>
          </span>
          <div className="toast-body">
            <RadixToast.Title className="toast-summary">
              <span className="visually-hidden">{severityLabel[m.severity]}: </span>
              {m.summary}
            </RadixToast.Title>
            {m.detail ? <RadixToast.Description className="toast-detail">{m.detail}</RadixToast.Description> : null}
          </div>
          {m.closable ? (
            <RadixToast.Close className="toast-close" aria-label={t`Close notification`}>
              <span aria-hidden="true">×</span>
            </RadixToast.Close>
          ) : null}
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="toast-viewport" hotkey={HOTKEY} label={t`Notifications (${hotkey})`} />
    </RadixToast.Provider>
  );
}

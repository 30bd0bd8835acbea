// A question before an action that cannot be taken back (reject or cancel a request, leave a call):
// Radix Dialog with a title, what will happen, optional fields, and "keep" / "yes" buttons. Focus moves
// into the dialog, Escape or "keep" closes it and returns focus to the trigger.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactElement, ReactNode } from 'react';
import { Button, type ButtonProps } from './button';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog (rendered as Radix's trigger). */
  trigger: ReactElement;
  title: ReactNode;
  /** What happens if the user says yes; block content (paragraphs) is fine. */
  description: ReactNode;
  /** Extra content between the description and the buttons (a reason field…). */
  children?: ReactNode;
  keepLabel: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  /** Attributes for the confirm button (test ids, data-action). */
  confirmProps?: Omit<ButtonProps, 'onClick' | 'children'> & Record<`data-${string}`, string>;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  keepLabel,
  confirmLabel,
  onConfirm,
  confirmProps,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="confirm-dialog-overlay" />
        <Dialog.Content className="confirm-dialog">
          <Dialog.Title className="confirm-dialog-title">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div>{description}</div>
          </Dialog.Description>
          {children}
          <div className="confirm-dialog-actions">
            <Dialog.Close asChild>
              <Button variant="ghost">{keepLabel}</Button>
            </Dialog.Close>
            <Button {...confirmProps} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

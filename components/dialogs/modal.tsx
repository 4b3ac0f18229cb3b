'use client';

import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/**
 * The ui-guide's three dialog widths: small for a question, medium for a form, large for a
 * document (a comparison, test results, a history diff): min(1200 px, 100vw - 32 px).
 */
export type ModalSize = 'small' | 'medium' | 'large';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  size?: ModalSize;
}

/**
 * An accessible modal on Radix's dialog: labelled by its title, Escape and a click outside close
 * it, focus stays inside while it is open and returns to where it was when it closes. The first
 * element marked `data-autofocus` takes the focus on opening (else the first focusable one).
 */
export function Modal({ title, onClose, children, testId, size = 'small' }: ModalProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-backdrop" />
        <Dialog.Content
          className={`modal modal-${size}`}
          data-testid={testId}
          // No description element: the dialogs' own text follows the title.
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            const preferred = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-autofocus]');
            if (preferred) {
              event.preventDefault();
              preferred.focus();
            }
          }}
        >
          <Dialog.Title className="modal-title">{title}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

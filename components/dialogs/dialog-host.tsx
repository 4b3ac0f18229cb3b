'use client';

import { useDialogStore } from '@/lib/state/ui/dialog-store';
import { ChoiceDialog } from './choice-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { PromptDialog } from './prompt-dialog';

/** Renders the one open dialog requested by a store action. */
export function DialogHost() {
  const request = useDialogStore((state) => state.request);
  const close = useDialogStore((state) => state.close);
  if (request === null) return null;
  if (request.kind === 'confirm') return <ConfirmDialog request={request} onClose={close} />;
  if (request.kind === 'prompt') return <PromptDialog key={request.title + request.initialValue} request={request} onClose={close} />;
  return <ChoiceDialog request={request} onClose={close} />;
}

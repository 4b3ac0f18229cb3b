'use client';

import type { DialogRequest } from '@/lib/state/ui/dialog-store';
import { ChoiceDialog } from './choice-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { PromptDialog } from './prompt-dialog';

/** The dialog for one request: a question (confirm, choice) or a one-field form (prompt). */
export function DialogView({ request, onClose }: { request: DialogRequest; onClose: () => void }) {
  if (request.kind === 'confirm') return <ConfirmDialog request={request} onClose={onClose} />;
  if (request.kind === 'prompt') return <PromptDialog key={request.title + request.initialValue} request={request} onClose={onClose} />;
  return <ChoiceDialog request={request} onClose={onClose} />;
}

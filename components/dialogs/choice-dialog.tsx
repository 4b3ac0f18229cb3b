'use client';

import type { DialogRequest } from '@/lib/state/ui/dialog-store';
import { Modal } from './modal';

export function ChoiceDialog({ request, onClose }: { request: Extract<DialogRequest, { kind: 'choice' }>; onClose: () => void }) {
  return (
    <Modal title={request.title} onClose={onClose} testId="choice-dialog">
      <p className="modal-message">{request.message}</p>
      <div className={`modal-actions${request.choices.length > 3 ? ' modal-actions-column' : ''}`}>
        {request.choices.map((choice, index) => (
          <button
            key={choice.id}
            type="button"
            className={`button${choice.tone === 'danger' ? ' button-danger' : choice.tone === 'primary' ? ' button-primary' : ''}`}
            onClick={() => request.resolve(choice.id)}
            data-autofocus={index === 0 ? true : undefined}
          >
            {choice.label}
          </button>
        ))}
      </div>
    </Modal>
  );
}

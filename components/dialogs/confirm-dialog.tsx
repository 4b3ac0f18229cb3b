'use client';

import type { DialogRequest } from '@/lib/state/ui/dialog-store';
import { Modal } from './modal';

export function ConfirmDialog({ request, onClose }: { request: Extract<DialogRequest, { kind: 'confirm' }>; onClose: () => void }) {
  return (
    <Modal title={request.title} onClose={onClose} testId="confirm-dialog">
      <p className="modal-message">{request.message}</p>
      <div className="modal-actions">
        <button type="button" className="button" onClick={() => request.resolve(false)} data-autofocus>
          Cancel
        </button>
        <button type="button" className={`button ${request.danger ? 'button-danger' : 'button-primary'}`} onClick={() => request.resolve(true)}>
          {request.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

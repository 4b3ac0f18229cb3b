'use client';

import { useId, useState, type FormEvent } from 'react';
import type { DialogRequest } from '@/lib/state/ui/dialog-store';
import { Modal } from './modal';

export function PromptDialog({ request, onClose }: { request: Extract<DialogRequest, { kind: 'prompt' }>; onClose: () => void }) {
  const [value, setValue] = useState(request.initialValue);
  // A default that is already invalid (a taken name) explains itself at once.
  const [touched, setTouched] = useState(request.validate(request.initialValue) !== null);
  const inputId = useId();
  const errorId = useId();
  const problem = request.validate(value);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem === null) request.resolve(value);
  };

  return (
    <Modal title={request.title} onClose={onClose} testId="prompt-dialog">
      <form onSubmit={onSubmit}>
        <label htmlFor={inputId} className="field-label">
          {request.label}
        </label>
        <input
          id={inputId}
          className="text-input"
          value={value}
          type={request.secret ? 'password' : 'text'}
          data-autofocus
          autoComplete="off"
          spellCheck={false}
          aria-invalid={touched && problem !== null}
          aria-describedby={errorId}
          onFocus={(event) => {
            // Select the stem, not the extension, as file managers do on rename.
            const dot = event.target.value.lastIndexOf('.');
            event.target.setSelectionRange(0, dot > 0 ? dot : event.target.value.length);
          }}
          onChange={(event) => {
            setValue(event.target.value);
            setTouched(true);
          }}
        />
        <p id={errorId} className="field-error" role={touched && problem !== null ? 'alert' : undefined}>
          {touched && problem !== null ? problem : ''}
        </p>
        <div className="modal-actions">
          <button type="button" className="button" onClick={() => request.resolve(null)}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={problem !== null}>
            {request.confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

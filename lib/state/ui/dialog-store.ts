import { create } from 'zustand';

/**
 * One modal dialog at a time, requested by store actions as a promise. Actions
 * stay linear ("ask, then act") and components only render the open request.
 */
export interface DialogChoice {
  id: string;
  label: string;
  /** Marks the destructive or primary option for styling. */
  tone?: 'primary' | 'danger';
}

export type DialogRequest =
  | {
      kind: 'confirm';
      title: string;
      message: string;
      confirmLabel: string;
      danger: boolean;
      resolve: (confirmed: boolean) => void;
    }
  | {
      kind: 'prompt';
      title: string;
      label: string;
      initialValue: string;
      confirmLabel: string;
      /** A secret (a token): typed into a password field. */
      secret?: boolean;
      validate: (value: string) => string | null;
      resolve: (value: string | null) => void;
    }
  | {
      kind: 'choice';
      title: string;
      message: string;
      choices: DialogChoice[];
      resolve: (choiceId: string | null) => void;
    };

interface DialogState {
  request: DialogRequest | null;
  close: () => void;
}

export const useDialogStore = create<DialogState>((set, get) => ({
  request: null,
  close: () => {
    const current = get().request;
    set({ request: null });
    if (current === null) return;
    if (current.kind === 'confirm') current.resolve(false);
    else current.resolve(null);
  },
}));

function open(request: DialogRequest): void {
  // A second request cancels the first, so no promise is left hanging.
  useDialogStore.getState().close();
  useDialogStore.setState({ request });
}

function settle(): void {
  useDialogStore.setState({ request: null });
}

export function askConfirm(options: { title: string; message: string; confirmLabel: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    open({
      kind: 'confirm',
      danger: options.danger ?? false,
      title: options.title,
      message: options.message,
      confirmLabel: options.confirmLabel,
      resolve: (confirmed) => {
        settle();
        resolve(confirmed);
      },
    });
  });
}

export function askText(options: {
  title: string;
  label: string;
  initialValue?: string;
  confirmLabel: string;
  secret?: boolean;
  validate?: (value: string) => string | null;
}): Promise<string | null> {
  return new Promise((resolve) => {
    open({
      kind: 'prompt',
      title: options.title,
      label: options.label,
      initialValue: options.initialValue ?? '',
      confirmLabel: options.confirmLabel,
      secret: options.secret,
      validate: options.validate ?? (() => null),
      resolve: (value) => {
        settle();
        resolve(value);
      },
    });
  });
}

export function askChoice(options: { title: string; message: string; choices: DialogChoice[] }): Promise<string | null> {
  return new Promise((resolve) => {
    open({
      kind: 'choice',
      title: options.title,
      message: options.message,
      choices: options.choices,
      resolve: (choiceId) => {
        settle();
        resolve(choiceId);
      },
    });
  });
}

import { askText } from '../ui/dialog-store';
import { useSettingsStore } from './settings-store';

/**
 * Asks the person for the server's access token when the proxy says it needs
 * one, and keeps it like their own keys. Parallel runs and the model list may
 * all hit the 401 at once: they share one question.
 */
let pending: Promise<boolean> | null = null;

export function requestAccessToken(problem: 'missing' | 'wrong'): Promise<boolean> {
  pending ??= askText({
    title: problem === 'missing' ? 'This server needs an access token' : 'The access token was not accepted',
    label:
      problem === 'missing'
        ? 'Enter the access token this Workerbench server was started with (WORKERBENCH_ACCESS_TOKEN). It is kept in this browser, like your own keys.'
        : 'The saved access token is wrong. Enter the one this server was started with (WORKERBENCH_ACCESS_TOKEN).',
    confirmLabel: 'Save token',
    secret: true,
    validate: (value) => (value.trim() === '' ? 'Enter the token.' : null),
  })
    .then((value) => {
      if (value === null) return false;
      useSettingsStore.getState().setAccessToken(value);
      return true;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

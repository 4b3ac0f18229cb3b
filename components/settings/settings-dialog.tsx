'use client';

import { useEffect, useState } from 'react';
import { Modal } from '@/components/dialogs/modal';
import { useRunStore } from '@/lib/state/run/run-store';
import { maskApiKey, useSettingsStore } from '@/lib/state/settings/settings-store';
import { PriceSettings } from './price-settings';
import styles from './settings.module.css';

/** Providers a user can bring a key for, with a readable name. */
const PROVIDER_NAMES: Record<string, string> = { openai: 'OpenAI', anthropic: 'Anthropic', google: 'Google' };

/**
 * API keys the user brings. Stored only in this browser; sent only in the
 * body of a model request to our own proxy, for that provider's models.
 */
export function SettingsDialog() {
  const apiKeys = useSettingsStore((state) => state.apiKeys);
  const close = useSettingsStore((state) => state.closeSettings);
  const models = useRunStore((state) => state.models);
  // The keyed providers the server knows, plus any provider a key is stored for.
  const providers = [...new Set([...Object.keys(PROVIDER_NAMES), ...models.filter((model) => !model.scripted).map((model) => model.provider), ...Object.keys(apiKeys)])].filter(
    (provider) => provider !== 'openai-compatible',
  );
  const serverHasKey = (provider: string) => models.some((model) => model.provider === provider && !model.needsUserKey);

  return (
    <Modal title="Settings" onClose={close} testId="settings-dialog" size="medium">
      <p className={styles.intro}>
        Your own API keys, for providers this server has no key for. They are kept in this browser only (localStorage) and sent only with
        your model requests, never stored on the server.
      </p>
      {providers.map((provider) => (
        <ProviderKey key={provider} provider={provider} stored={apiKeys[provider]} serverHasKey={serverHasKey(provider)} />
      ))}
      <AccessToken />
      <PriceSettings />
      <div className="modal-actions">
        <button type="button" className="button button-primary" onClick={close}>
          Done
        </button>
      </div>
    </Modal>
  );
}

function ProviderKey({ provider, stored, serverHasKey }: { provider: string; stored: string | undefined; serverHasKey: boolean }) {
  const [draft, setDraft] = useState('');
  const setApiKey = useSettingsStore((state) => state.setApiKey);
  const clearApiKey = useSettingsStore((state) => state.clearApiKey);
  const name = PROVIDER_NAMES[provider] ?? provider;
  const inputId = `api-key-${provider}`;
  useEffect(() => setDraft(''), [stored]);
  return (
    <div className={styles.provider} data-testid="provider-key" data-provider={provider}>
      <div className={styles.providerName}>
        <label htmlFor={inputId}>
          <strong>{name}</strong>
        </label>
        <span className={styles.status} data-testid="provider-key-status">
          {stored !== undefined ? `your key: ${maskApiKey(stored)}` : serverHasKey ? 'server key configured' : 'no key'}
        </span>
      </div>
      <form
        className={styles.row}
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.trim() !== '') setApiKey(provider, draft);
        }}
      >
        <input
          id={inputId}
          className="text-input"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={stored !== undefined ? 'Replace key' : 'Paste key'}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button" disabled={draft.trim() === ''}>
          Save
        </button>
        <button type="button" className="button" disabled={stored === undefined} onClick={() => clearApiKey(provider)}>
          Clear
        </button>
      </form>
    </div>
  );
}

/** The server's access token (WORKERBENCH_ACCESS_TOKEN), when it was started with one. */
function AccessToken() {
  const [draft, setDraft] = useState('');
  const stored = useSettingsStore((state) => state.accessToken);
  const setAccessToken = useSettingsStore((state) => state.setAccessToken);
  const clearAccessToken = useSettingsStore((state) => state.clearAccessToken);
  useEffect(() => setDraft(''), [stored]);
  return (
    <div className={styles.provider} data-testid="access-token">
      <div className={styles.providerName}>
        <label htmlFor="access-token-input">
          <strong>Server access token</strong>
        </label>
        <span className={styles.status} data-testid="access-token-status">
          {stored !== undefined ? `saved: ${maskApiKey(stored)}` : 'none (only needed when the server asks for one)'}
        </span>
      </div>
      <form
        className={styles.row}
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.trim() !== '') setAccessToken(draft);
        }}
      >
        <input
          id="access-token-input"
          className="text-input"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={stored !== undefined ? 'Replace token' : 'Paste token'}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button" disabled={draft.trim() === ''}>
          Save
        </button>
        <button type="button" className="button" disabled={stored === undefined} onClick={clearAccessToken}>
          Clear
        </button>
      </form>
    </div>
  );
}

import { create } from 'zustand';
import { readStoredJson, readStoredText, storedRecordEntries, writeStoredJson, writeStoredText } from '@/lib/state/storage/local-storage';
import { usePriceStore } from './price-store';

/**
 * Keys the user brings for providers the server has no key for. They live in
 * this browser only (one localStorage entry) and leave it only inside the body
 * of a POST /api/model request for that provider's model.
 */
export const API_KEYS_STORAGE_KEY = 'workerbench.apiKeys';

export type ApiKeys = Readonly<Record<string, string>>;

/**
 * The server's WORKERBENCH_ACCESS_TOKEN, when it has one: asked for once (when
 * the proxy answers that it is needed), kept like the keys, sent as
 * `Authorization: Bearer` to our own proxy only.
 */
export const ACCESS_TOKEN_STORAGE_KEY = 'workerbench.accessToken';

export interface SettingsState {
  apiKeys: ApiKeys;
  accessToken: string | undefined;
  /** False until the stored keys were read (the server render has no localStorage). */
  loaded: boolean;
  settingsOpen: boolean;
  load: () => void;
  setApiKey: (provider: string, key: string) => void;
  clearApiKey: (provider: string) => void;
  setAccessToken: (token: string) => void;
  clearAccessToken: () => void;
  openSettings: () => void;
  closeSettings: () => void;
}

function readStoredKeys(): ApiKeys {
  // A corrupt entry behaves as if no key was stored.
  const keys: Record<string, string> = {};
  for (const [provider, value] of storedRecordEntries(readStoredJson(API_KEYS_STORAGE_KEY))) {
    if (typeof value === 'string' && value.trim() !== '') keys[provider] = value;
  }
  return keys;
}

function readStoredToken(): string | undefined {
  const token = readStoredText(ACCESS_TOKEN_STORAGE_KEY)?.trim();
  return token ? token : undefined;
}

function writeStoredToken(token: string | undefined): void {
  // Storage refused: the token still works for this page.
  writeStoredText(ACCESS_TOKEN_STORAGE_KEY, token);
}

function writeStoredKeys(keys: ApiKeys): void {
  // Storage refused: the key still works for this page.
  writeStoredJson(API_KEYS_STORAGE_KEY, Object.keys(keys).length === 0 ? undefined : keys);
}

export const useSettingsStore = create<SettingsState>((set, get) => ({
  apiKeys: {},
  accessToken: undefined,
  loaded: false,
  settingsOpen: false,
  load: () => {
    if (get().loaded) return;
    set({ apiKeys: readStoredKeys(), accessToken: readStoredToken(), loaded: true });
  },
  setApiKey: (provider, key) => {
    const trimmed = key.trim();
    if (trimmed === '') {
      get().clearApiKey(provider);
      return;
    }
    const apiKeys = { ...get().apiKeys, [provider]: trimmed };
    writeStoredKeys(apiKeys);
    set({ apiKeys });
  },
  clearApiKey: (provider) => {
    const apiKeys = { ...get().apiKeys };
    delete apiKeys[provider];
    writeStoredKeys(apiKeys);
    set({ apiKeys });
  },
  setAccessToken: (token) => {
    const trimmed = token.trim();
    if (trimmed === '') {
      get().clearAccessToken();
      return;
    }
    writeStoredToken(trimmed);
    set({ accessToken: trimmed });
  },
  clearAccessToken: () => {
    writeStoredToken(undefined);
    set({ accessToken: undefined });
  },
  openSettings: () => {
    get().load();
    usePriceStore.getState().load();
    set({ settingsOpen: true });
  },
  closeSettings: () => set({ settingsOpen: false }),
}));

/** The user's key for a provider, read at request time (so a key saved mid-session is used at once). */
export function userApiKey(provider: string): string | undefined {
  const state = useSettingsStore.getState();
  if (!state.loaded) state.load();
  return useSettingsStore.getState().apiKeys[provider];
}

/** The access token for our own proxy, read at request time. */
export function userAccessToken(): string | undefined {
  const state = useSettingsStore.getState();
  if (!state.loaded) state.load();
  return useSettingsStore.getState().accessToken;
}

/** "sk-proj-abc…wxyz" style: enough to recognise a key, never enough to use it. */
export function maskApiKey(key: string): string {
  if (key.length <= 8) return '•'.repeat(key.length);
  return `${key.slice(0, 3)}${'•'.repeat(6)}${key.slice(-4)}`;
}

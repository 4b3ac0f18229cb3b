import { create } from 'zustand';
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
  try {
    const raw = window.localStorage.getItem(API_KEYS_STORAGE_KEY);
    if (raw === null) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const keys: Record<string, string> = {};
    for (const [provider, value] of Object.entries(parsed)) {
      if (typeof value === 'string' && value.trim() !== '') keys[provider] = value;
    }
    return keys;
  } catch {
    // Storage blocked or a corrupt entry: behave as if no key was stored.
    return {};
  }
}

function readStoredToken(): string | undefined {
  try {
    const token = window.localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)?.trim();
    return token ? token : undefined;
  } catch {
    return undefined;
  }
}

function writeStoredToken(token: string | undefined): void {
  try {
    if (token === undefined) window.localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
    else window.localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage blocked: the token still works for this page.
  }
}

function writeStoredKeys(keys: ApiKeys): void {
  try {
    if (Object.keys(keys).length === 0) window.localStorage.removeItem(API_KEYS_STORAGE_KEY);
    else window.localStorage.setItem(API_KEYS_STORAGE_KEY, JSON.stringify(keys));
  } catch {
    // Storage blocked: the key still works for this page.
  }
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

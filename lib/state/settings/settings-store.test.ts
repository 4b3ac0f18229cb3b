import { beforeEach, describe, expect, it } from 'vitest';
import { API_KEYS_STORAGE_KEY, maskApiKey, useSettingsStore, userApiKey } from './settings-store';
import { installMemoryStorage } from '@/lib/state/storage/testing/memory-storage';

describe('settings store', () => {
  beforeEach(() => {
    useSettingsStore.setState({ apiKeys: {}, loaded: false, settingsOpen: false });
  });

  it('reads stored keys once, ignoring entries that are not keys', () => {
    installMemoryStorage({ [API_KEYS_STORAGE_KEY]: JSON.stringify({ openai: 'sk-a', google: 42, anthropic: '  ' }) });
    expect(userApiKey('openai')).toBe('sk-a');
    expect(userApiKey('google')).toBeUndefined();
    expect(userApiKey('anthropic')).toBeUndefined();
  });

  it('saves trimmed keys under one entry and removes the entry when the last key is cleared', () => {
    const entries = installMemoryStorage();
    useSettingsStore.getState().load();
    useSettingsStore.getState().setApiKey('openai', '  sk-one  ');
    useSettingsStore.getState().setApiKey('anthropic', 'sk-two');
    expect(JSON.parse(entries.get(API_KEYS_STORAGE_KEY) ?? '{}')).toEqual({ openai: 'sk-one', anthropic: 'sk-two' });
    useSettingsStore.getState().clearApiKey('openai');
    useSettingsStore.getState().setApiKey('anthropic', '');
    expect(entries.has(API_KEYS_STORAGE_KEY)).toBe(false);
    expect(useSettingsStore.getState().apiKeys).toEqual({});
  });

  it('survives a corrupt entry', () => {
    installMemoryStorage({ [API_KEYS_STORAGE_KEY]: '{not json' });
    expect(userApiKey('openai')).toBeUndefined();
  });

  it('masks keys so they can be recognised but not used', () => {
    expect(maskApiKey('sk-user-key-123456789')).toBe('sk-••••••6789');
    expect(maskApiKey('short')).toBe('•••••');
  });
});

import { describe, expect, it } from 'vitest';
import { languageForPath } from './language-for-path';
import { WORKER_LANGUAGE_ID } from './worker-language-id';

describe('languageForPath', () => {
  it("gives llm-do's .agent files the worker language, like .worker files", () => {
    expect(languageForPath('agents/main.agent')).toBe(WORKER_LANGUAGE_ID);
    expect(languageForPath('main.worker')).toBe(WORKER_LANGUAGE_ID);
    expect(languageForPath('notes.agents')).toBe('plaintext');
  });
});

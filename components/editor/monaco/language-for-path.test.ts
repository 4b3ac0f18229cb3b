import { describe, expect, it } from 'vitest';
import { languageForPath } from './language-for-path';
import { WORKER_LANGUAGE_ID } from './worker-language-id';

describe('languageForPath', () => {
  it("gives llm-do's .agent files the worker language, like .worker files", () => {
    expect(languageForPath('agents/main.agent')).toBe(WORKER_LANGUAGE_ID);
    expect(languageForPath('main.worker')).toBe(WORKER_LANGUAGE_ID);
    expect(languageForPath('notes.agents')).toBe('plaintext');
  });

  it('names a language for every kind of file the editor colours, and plain text for the rest', () => {
    expect(languageForPath('tools.py')).toBe('python');
    expect(languageForPath('project.json')).toBe('json');
    expect(languageForPath('README.md')).toBe('markdown');
    expect(languageForPath('config.yml')).toBe('yaml');
    expect(languageForPath('tool.ts')).toBe('typescript');
    expect(languageForPath('notes.txt')).toBe('plaintext');
  });
});

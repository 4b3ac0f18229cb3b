import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { projectCatalog } from '../workspace/project-catalog';
import { distrustProject, projectTrustFor, trustProject, TRUSTED_PROJECTS_STORAGE_KEY, useTrustStore } from './trust-store';
import { memoryStorage } from '@/lib/state/storage/testing/memory-storage';

describe('trust store', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
    useTrustStore.setState({ trusted: new Set() });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('treats a project with no record as untrusted, and keeps trust in storage (a reload reads it back)', () => {
    expect(projectTrustFor('imported')).toBe('untrusted');
    trustProject('imported');
    useTrustStore.setState({ trusted: new Set() }); // as after a reload
    expect(projectTrustFor('imported')).toBe('trusted');
    expect(projectTrustFor('constructor')).toBe('untrusted');
    distrustProject('imported');
    expect(projectTrustFor('imported')).toBe('untrusted');
    expect(localStorage.getItem(TRUSTED_PROJECTS_STORAGE_KEY)).toBeNull();
  });

  it('trusts nothing from a corrupt or foreign entry', () => {
    for (const raw of ['{', '{"a":true}', '"a"', '[1, null, {"x": 1}]']) {
      localStorage.setItem(TRUSTED_PROJECTS_STORAGE_KEY, raw);
      expect(projectTrustFor('a')).toBe('untrusted');
      expect(useTrustStore.getState().trusted.size).toBe(0);
    }
  });

  it('trusts a blank project created here, and forgets the trust when the project is deleted', async () => {
    const fileSystem = new MemoryFileSystem({ now: () => 0 });
    await fileSystem.mkdir('/projects');
    await projectCatalog.createBlank(fileSystem, 'mine');
    expect(projectTrustFor('mine')).toBe('trusted');
    await projectCatalog.remove(fileSystem, 'mine');
    // A later import under the same name starts untrusted.
    expect(projectTrustFor('mine')).toBe('untrusted');
  });

  it('still holds a choice for the page when storage refuses writes', () => {
    localStorage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    useTrustStore.getState().trust('p');
    expect(useTrustStore.getState().trusted.has('p')).toBe(true);
    // Read again at run start: still trusted on this page, and a distrust still takes it away.
    expect(projectTrustFor('p')).toBe('trusted');
    distrustProject('p');
    expect(projectTrustFor('p')).toBe('untrusted');
  });
});

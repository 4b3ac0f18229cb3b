import { create } from 'zustand';
import type { ProjectTrust } from '@/lib/project/project-trust';
import { readStoredJson, writeStoredJson } from '@/lib/state/storage/local-storage';

/** What the banner says about a project that is not trusted yet (worded beside the trust rules). */
export { UNTRUSTED_PROJECT_NOTICE } from '@/lib/project/project-trust';

/**
 * Which projects this browser trusts (lib/project/project-trust.ts), by
 * project name, in one localStorage entry — never in the project, whose files
 * an importer controls. Only trust is recorded: a project with no record is
 * untrusted, so an import, a project from before trust existed, or a cleared
 * storage can only lose trust, never gain it. Deleting a project forgets its
 * record, so a later import under the same name starts untrusted (an import
 * also clears it explicitly).
 */
export const TRUSTED_PROJECTS_STORAGE_KEY = 'workerbench.trustedProjects';
/** Bounds what is read back from storage (names are short; this is far above any real count). */
const MAX_STORED_NAMES = 10_000;

export interface TrustState {
  trusted: ReadonlySet<string>;
  /** Re-reads the stored record (another tab may have changed it). */
  load: () => void;
  trust: (project: string) => void;
  distrust: (project: string) => void;
}

/** Trusted on this page while storage refused the write: still trusted here, never elsewhere. */
const pageOnly = new Set<string>();

function readStored(): Set<string> {
  const names = new Set(pageOnly);
  // A corrupt entry trusts nothing from storage: the safe direction.
  const parsed = readStoredJson(TRUSTED_PROJECTS_STORAGE_KEY);
  if (!Array.isArray(parsed)) return names;
  for (const name of parsed.slice(0, MAX_STORED_NAMES)) if (typeof name === 'string') names.add(name);
  return names;
}

function writeStored(names: ReadonlySet<string>, changed: string): void {
  pageOnly.delete(changed);
  const persisted = [...names].filter((name) => !pageOnly.has(name));
  const kept = writeStoredJson(TRUSTED_PROJECTS_STORAGE_KEY, persisted.length === 0 ? undefined : persisted);
  // Storage blocked or full: a trust choice still holds for this page (a distrust always does).
  if (!kept && names.has(changed)) pageOnly.add(changed);
}

export const useTrustStore = create<TrustState>((set) => {
  const update = (project: string, change: (names: Set<string>) => void) => {
    // Start from what is stored, so two tabs do not undo each other's choices.
    const names = readStored();
    change(names);
    writeStored(names, project);
    set({ trusted: names });
  };
  return {
    trusted: new Set(),
    load: () => set({ trusted: readStored() }),
    trust: (project) => update(project, (names) => names.add(project)),
    distrust: (project) => update(project, (names) => names.delete(project)),
  };
});

/** The trust a run of this project gets; read from storage at the moment of the run. */
export function projectTrustFor(project: string): ProjectTrust {
  useTrustStore.getState().load();
  return useTrustStore.getState().trusted.has(project) ? 'trusted' : 'untrusted';
}

export function trustProject(project: string): void {
  useTrustStore.getState().trust(project);
}

export function distrustProject(project: string): void {
  useTrustStore.getState().distrust(project);
}

import { create } from 'zustand';
import type { ProjectTrust } from '@/lib/project/project-trust';

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

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readStored(): Set<string> {
  try {
    const raw = storage()?.getItem(TRUSTED_PROJECTS_STORAGE_KEY) ?? null;
    if (raw === null) return new Set();
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return new Set();
    return new Set(parsed.slice(0, MAX_STORED_NAMES).filter((name): name is string => typeof name === 'string'));
  } catch {
    // A corrupt entry trusts nothing: the safe direction.
    return new Set();
  }
}

function writeStored(names: ReadonlySet<string>): void {
  try {
    const store = storage();
    if (names.size === 0) store?.removeItem(TRUSTED_PROJECTS_STORAGE_KEY);
    else store?.setItem(TRUSTED_PROJECTS_STORAGE_KEY, JSON.stringify([...names]));
  } catch {
    // Storage blocked or full: the choice still holds for this page.
  }
}

export const useTrustStore = create<TrustState>((set) => {
  const update = (change: (names: Set<string>) => void) => {
    // Start from what is stored, so two tabs do not undo each other's choices.
    const names = readStored();
    change(names);
    writeStored(names);
    set({ trusted: names });
  };
  return {
    trusted: new Set(),
    load: () => set({ trusted: readStored() }),
    trust: (project) => update((names) => names.add(project)),
    distrust: (project) => update((names) => names.delete(project)),
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

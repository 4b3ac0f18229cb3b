/**
 * Remembers the last project and the last open file per project, so a reload
 * puts the user back where they were. Best effort: storage errors are ignored.
 */
const LAST_PROJECT_KEY = 'workerbench:last-project';
const LAST_FILE_PREFIX = 'workerbench:last-file:';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Losing the memory only means the next load opens the default file.
  }
}

export const lastOpened = {
  lastProject: () => read(LAST_PROJECT_KEY),
  setLastProject: (name: string | null) => write(LAST_PROJECT_KEY, name),
  lastFile: (project: string) => read(LAST_FILE_PREFIX + project),
  setLastFile: (project: string, path: string | null) => write(LAST_FILE_PREFIX + project, path),
};

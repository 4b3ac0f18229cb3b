'use client';

import { useRef, type ReactNode, type RefObject } from 'react';
import type { OverflowMenuItem } from '@/components/menus/overflow-menu';
import { useShareStore } from '@/lib/state/share/share-store';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

/**
 * Import a project from a .zip or a folder or open a run record, and export the current one (as
 * is, or as an llm-do project): the project menu's items, and the file pickers they open (which
 * must stay in the page while the menu is closed).
 */
export function useProjectTransferActions(): { items: OverflowMenuItem[]; pickers: ReactNode } {
  const inputRef = useRef<HTMLInputElement>(null);
  const runInputRef = useRef<HTMLInputElement>(null);
  const folderInputRef = useRef<HTMLInputElement>(null);
  const openFolderImport = useShareStore((state) => state.openFolderImport);
  const openRunFileImport = useShareStore((state) => state.openRunFileImport);
  const project = useWorkspaceStore((state) => state.currentProject);
  const ready = useWorkspaceStore((state) => state.phase === 'ready');
  const openZipImport = useShareStore((state) => state.openZipImport);
  const exportZip = useShareStore((state) => state.exportZip);
  const openLlmDoExport = useShareStore((state) => state.openLlmDoExport);

  const items: OverflowMenuItem[] = [
    { label: 'Import project from .zip…', icon: 'upload', onSelect: () => inputRef.current?.click(), disabled: !ready, startsGroup: true },
    // The folder's files, as they are, as a new project.
    { label: 'Import project from a folder…', icon: 'folder-import', onSelect: () => folderInputRef.current?.click(), disabled: !ready },
    // The project as the run started, with the run to read or replay.
    { label: 'Open a run record (.run.json)…', icon: 'open-run', onSelect: () => runInputRef.current?.click(), disabled: !ready },
    { label: 'Export project as .zip', icon: 'download', onSelect: () => void exportZip(), disabled: project === null || !ready, startsGroup: true },
    { label: 'Export as an llm-do project (.zip)…', icon: 'export', onSelect: () => void openLlmDoExport(), disabled: project === null || !ready },
  ];
  const pickers = (
    <>
      <HiddenFileInput inputRef={runInputRef} accept=".json,application/json" testId="run-record-input" onFile={(file) => void openRunFileImport(file)} />
      <HiddenFileInput inputRef={inputRef} accept=".zip,application/zip" testId="zip-import-input" onFile={(file) => void openZipImport(file)} />
      <input
        ref={folderInputRef}
        type="file"
        hidden
        data-testid="folder-import-input"
        // The browser's folder picker: every file of the folder, with its path under the folder's name.
        {...{ webkitdirectory: '' }}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) void openFolderImport(files);
        }}
      />
    </>
  );
  return { items, pickers };
}

/** A file picker opened by a menu item: the chosen file, once per choice. */
function HiddenFileInput({ inputRef, accept, testId, onFile }: { inputRef: RefObject<HTMLInputElement | null>; accept: string; testId: string; onFile: (file: File) => void }) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={accept}
      hidden
      data-testid={testId}
      onChange={(event) => {
        const file = event.target.files?.[0];
        // Reset so choosing the same file again still fires a change.
        event.target.value = '';
        if (file !== undefined) onFile(file);
      }}
    />
  );
}

'use client';

import { useRef, type RefObject } from 'react';
import { IconButton } from '@/components/icons/icon-button';
import { useShareStore } from '@/lib/state/share/share-store';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

/** Import a project from a .zip or a folder or open a run record, and export the current one (as is, or as an llm-do project), as icon buttons for the project switcher. */
export function ProjectTransferActions() {
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

  return (
    <>
      <IconButton
        icon="upload"
        onClick={() => inputRef.current?.click()}
        disabled={!ready}
        label="Import project from .zip"
        title="Import project from .zip…"
      />
      <IconButton
        icon="folder-import"
        onClick={() => folderInputRef.current?.click()}
        disabled={!ready}
        label="Import project from a folder"
        title="Import project from a folder…: the folder's files, as they are, as a new project"
      />
      <IconButton
        icon="download"
        onClick={() => void exportZip()}
        disabled={project === null || !ready}
        label="Export project as .zip"
      />
      <IconButton
        icon="export"
        onClick={() => void openLlmDoExport()}
        disabled={project === null || !ready}
        label="Export as an llm-do project (.zip)"
        title="Export as an llm-do project (.zip)…"
      />
      <IconButton
        icon="open-run"
        onClick={() => runInputRef.current?.click()}
        disabled={!ready}
        label="Open a run record (.run.json)"
        title="Open a run record (.run.json)…: the project as the run started, with the run to read or replay"
      />
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
}

/** A file picker opened by a button: the chosen file, once per choice. */
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

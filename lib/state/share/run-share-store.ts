import { create } from 'zustand';
import type { EncodedRunLink } from '@/lib/run-record/run-link';
import type { RunRecord } from '@/lib/run-record/run-record';
import { isBinaryFile } from '@/lib/share/file-kind';
import { downloadBytes } from '../ui/download-bytes';
import { browserRunArchive } from '../run-archive/archived-runs';
import { shareUrl } from './share-location';
import { describeError } from '../workspace/storage-messages';
import { useWorkspaceStore } from '../workspace/workspace-store';

export { MAX_LINK_LENGTH } from '@/lib/share/share-limits';

/**
 * Handing a past run to someone: its record downloaded as a file, or shared
 * as a link (run-link.ts). The record is read from the archive and the
 * project's history when asked for, never before.
 */
export type RunShareDialogState =
  | { status: 'preparing'; runId: string }
  | { status: 'ready'; runId: string; includeBinary: boolean; binaryFiles: string[]; link: EncodedRunLink; url: string; copy: 'idle' | 'copied' | 'failed' }
  | { status: 'failed'; runId: string; message: string };

export interface RunShareState {
  dialog: RunShareDialogState | null;
  /** Why the last export failed, shown beside the run; null when it did not. */
  exportError: { runId: string; message: string } | null;
  exportRecord: (runId: string) => Promise<void>;
  openShare: (runId: string) => Promise<void>;
  setIncludeBinary: (includeBinary: boolean) => void;
  copyLink: () => Promise<void>;
  close: () => void;
}

function loadRecordMachinery() {
  return import('./run-record-chunk');
}

async function readRecord(runId: string): Promise<RunRecord> {
  const { fileSystem, currentProject } = useWorkspaceStore.getState();
  const archive = browserRunArchive();
  if (fileSystem === null || currentProject === null) throw new Error('the workspace has not started yet.');
  if (archive === null) throw new Error('runs are not kept in this browser (no IndexedDB).');
  await useWorkspaceStore.getState().saveNow();
  return (await loadRecordMachinery()).readRunRecord({ fileSystem, archive, project: currentProject, runId });
}

// The record the dialog was opened with, so ticking "include binary files" re-encodes without another read.
let sharedRecord: RunRecord | null = null;

export const useRunShareStore = create<RunShareState>((set, get) => {
  const encode = async (runId: string, record: RunRecord, includeBinary: boolean): Promise<RunShareDialogState> => {
    const { encodeRunLink } = await loadRecordMachinery();
    const link = encodeRunLink(record, { includeBinary });
    const binaryFiles = record.projectAtStart.files.filter((file) => isBinaryFile(file.path, file.data)).map((file) => file.path);
    return { status: 'ready', runId, includeBinary, binaryFiles, link, url: shareUrl(window.location, link.fragment), copy: 'idle' };
  };
  return {
    dialog: null,
    exportError: null,

    exportRecord: async (runId) => {
      set({ exportError: null });
      try {
        const record = await readRecord(runId);
        const { serializeRunRecord } = await loadRecordMachinery();
        downloadBytes(new TextEncoder().encode(serializeRunRecord(record)), `${record.projectName}-${runId}.run.json`, 'application/json');
      } catch (error) {
        set({ exportError: { runId, message: `Could not export the run: ${describeError(error)}` } });
      }
    },

    openShare: async (runId) => {
      set({ dialog: { status: 'preparing', runId } });
      try {
        sharedRecord = await readRecord(runId);
        const dialog = await encode(runId, sharedRecord, false);
        if (get().dialog?.runId === runId) set({ dialog });
      } catch (error) {
        if (get().dialog?.runId === runId) set({ dialog: { status: 'failed', runId, message: `This run cannot be shared: ${describeError(error)}` } });
      }
    },

    setIncludeBinary: (includeBinary) => {
      const dialog = get().dialog;
      if (dialog?.status !== 'ready' || sharedRecord === null) return;
      void encode(dialog.runId, sharedRecord, includeBinary).then((next) => {
        if (get().dialog?.runId === dialog.runId) set({ dialog: next });
      });
    },

    copyLink: async () => {
      const dialog = get().dialog;
      if (dialog?.status !== 'ready' || dialog.link.overLimit) return;
      let copy: 'copied' | 'failed' = 'copied';
      try {
        await navigator.clipboard.writeText(dialog.url);
      } catch {
        // Clipboard access can be refused; the link stays visible to copy by hand.
        copy = 'failed';
      }
      set((state) => (state.dialog === dialog ? { dialog: { ...dialog, copy } } : {}));
    },

    close: () => {
      sharedRecord = null;
      set({ dialog: null });
    },
  };
});

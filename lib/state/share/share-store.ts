import { create } from 'zustand';
import { APPROVE_ALL_NOTICE } from '@/lib/share/approve-all-notice';
import { isBinaryFile } from '@/lib/share/file-kind';
import type { EncodedShareLink } from '@/lib/share/share-link';
import { MAX_DECOMPRESSED_BYTES } from '@/lib/share/share-limits';

/** The longest link the dialog offers (beyond it, the zip): said in the dialog. */
export { MAX_LINK_LENGTH } from '@/lib/share/share-limits';
import type { SharedProject } from '@/lib/share/share-result';
import type { DroppedNode } from '@/lib/share/dropped-items';
import type { RunRecord } from '@/lib/run-record/run-record';
import { MAX_RECORD_TEXT_LENGTH } from '@/lib/run-record/run-record-limits';
import type { FileSystem } from '@/lib/vfs/file-system';
import { readRunRecordOffThread } from '../records/read-records-off-thread';
import { downloadBytes } from '../ui/download-bytes';
import { projectCatalog } from '../workspace/project-catalog';
import type { ImportPreview, ImportSource } from './share-import';
import { clearLocationHash, shareUrl } from './share-location';
import { describeError } from '../workspace/storage-messages';
import { useWorkspaceStore } from '../workspace/workspace-store';

type ShareMachinery = typeof import('./share-chunk');
/** What a decode may use: the cancel of the dialog, and a way to say how far it is. */
interface DecodeContext {
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
}
type DecodedImport = Parameters<ShareMachinery['previewImport']>[0]['decoded'];

/**
 * Sharing commands and the state of the two share dialogs. Components render
 * this state and call these actions; the workspace store stays the owner of the
 * filesystem and the project list, which these actions read and refresh.
 */

export type CopyStatus = 'idle' | 'copied' | 'failed';

export type ShareDialogState =
  | { status: 'preparing'; projectName: string }
  | {
      status: 'ready';
      projectName: string;
      includeBinary: boolean;
      /** Every binary file of the project, whether or not it is in the link, so the checkbox can name them. */
      binaryFiles: string[];
      link: EncodedShareLink;
      url: string;
      copy: CopyStatus;
    }
  | { status: 'failed'; projectName: string; message: string };

export type ImportDialogState =
  /** `percent`: how far a run record is read (a large one takes seconds), when known. */
  | { status: 'loading'; source: ImportSource; percent?: number }
  | { status: 'preview'; preview: ImportPreview; error: string | null }
  | { status: 'importing'; preview: ImportPreview }
  | { status: 'failed'; source: ImportSource; message: string };

/** The llm-do export: what has no llm-do equivalent, shown before the download. */
export type LlmDoExportDialogState =
  | { status: 'preparing'; projectName: string }
  | { status: 'ready'; projectName: string; notes: string[]; files: string[] }
  | { status: 'failed'; projectName: string; message: string };

export interface ShareState {
  shareDialog: ShareDialogState | null;
  importDialog: ImportDialogState | null;
  /** How far reading a large drop has got, shown in the loading import dialog; null otherwise. */
  importProgress: string | null;
  llmDoExportDialog: LlmDoExportDialogState | null;

  /** Prepares the llm-do export of the current project and opens its dialog. */
  openLlmDoExport: () => Promise<void>;
  /** Downloads the prepared llm-do export as `<project>-llm-do.zip`. */
  downloadLlmDoExport: () => Promise<void>;
  closeLlmDoExport: () => void;

  openShare: () => Promise<void>;
  setIncludeBinary: (includeBinary: boolean) => Promise<void>;
  copyLink: () => Promise<void>;
  closeShare: () => void;
  exportZip: () => Promise<void>;
  openLinkImport: (hash: string) => Promise<void>;
  openZipImport: (file: File) => Promise<void>;
  /** A folder picked in the browser (each File's webkitRelativePath starts with the folder's name): previewed as a new project, as a .zip is. */
  openFolderImport: (files: readonly File[]) => Promise<void>;
  /** Files and folders dropped on the page outside the file tree (taken during the drop event): previewed as a new project, their relative paths kept. */
  openDroppedImport: (dropped: Promise<DroppedNode[]>) => Promise<void>;
  /** A run link ("#wbrun2=…", or an older "#wbrun1=…"): its project as the run started, as a new project, with the run shown read-only. */
  openRunLinkImport: (hash: string) => Promise<void>;
  /** A .run.json file, likewise. */
  openRunFileImport: (file: File) => Promise<void>;
  confirmImport: () => Promise<void>;
  cancelImport: () => void;
}

/**
 * A zip cannot be much larger than what it unpacks to (stored entries plus
 * headers); a bigger file is refused before it is read into memory.
 */
const MAX_ZIP_FILE_BYTES = MAX_DECOMPRESSED_BYTES + 4 * 1024 * 1024;


// The files read when the dialog opened, so ticking "include binary files" re-encodes without another read.
let sharedProject: SharedProject | null = null;
// The llm-do export the dialog describes, downloaded as shown.
let llmDoExport: SharedProject | null = null;
// The import being read: Cancel (or another import) aborts it, which ends a record reader's worker at once.
let importReading: AbortController | null = null;

function requireFileSystem(): FileSystem {
  const fileSystem = useWorkspaceStore.getState().fileSystem;
  if (fileSystem === null) throw new Error('The workspace has not started yet.');
  return fileSystem;
}

async function writeClipboard(text: string): Promise<CopyStatus> {
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    // Clipboard access can be refused (permissions, no focus); the link stays visible to copy by hand.
    return 'failed';
  }
}

/** Links, zips and import checks (fflate, the parsers) come with the first share or import, not with the page. */
function loadShareMachinery() {
  return import('./share-chunk');
}

async function encode(project: SharedProject, includeBinary: boolean): Promise<ShareDialogState> {
  const { encodeShareFragment, ShareEncodeError } = await loadShareMachinery();
  try {
    const link = encodeShareFragment(project, { includeBinary });
    const binaryFiles = project.files.filter((file) => isBinaryFile(file.path, file.data)).map((file) => file.path);
    return { status: 'ready', projectName: project.name, includeBinary, binaryFiles, link, url: shareUrl(window.location, link.fragment), copy: 'idle' };
  } catch (error) {
    const message = error instanceof ShareEncodeError ? error.message : describeError(error);
    return { status: 'failed', projectName: project.name, message: `This project cannot be shared as a link: ${message}` };
  }
}

export const useShareStore = create<ShareState>((set, get) => {
  /** Copies the ready link when it is within the limit; an over-limit link is never handed out silently. */
  async function copyIfShareable(): Promise<void> {
    const dialog = get().shareDialog;
    if (dialog?.status !== 'ready' || dialog.link.overLimit) return;
    const copy = await writeClipboard(dialog.url);
    set((state) => (state.shareDialog === dialog ? { shareDialog: { ...dialog, copy } } : {}));
  }

  async function showPreview(
    source: ImportSource,
    decode: (machinery: ShareMachinery, context: DecodeContext) => Promise<DecodedImport | { decoded: DecodedImport; run?: RunRecord }>,
  ): Promise<void> {
    importReading?.abort();
    const controller = new AbortController();
    importReading = controller;
    set({ importDialog: { status: 'loading', source } });
    // A dialog closed (or replaced) while the project was being read stays closed.
    const current = () => importReading === controller && get().importDialog?.status === 'loading';
    const settle = (importDialog: ImportDialogState) => {
      if (current()) set({ importDialog });
    };
    let shown = -1;
    const onProgress = (fraction: number) => {
      const percent = Math.floor(fraction * 100);
      if (percent === shown || !current()) return;
      shown = percent;
      set({ importDialog: { status: 'loading', source, percent } });
    };
    try {
      const machinery = await loadShareMachinery();
      const read = await decode(machinery, { signal: controller.signal, onProgress });
      const { decoded, run } = 'decoded' in read ? read : { decoded: read, run: undefined };
      const result = await machinery.previewImport({ fileSystem: requireFileSystem(), source, decoded, run });
      settle(result.ok ? { status: 'preview', preview: result.preview, error: null } : { status: 'failed', source, message: result.error.message });
    } catch (error) {
      if (!controller.signal.aborted) settle({ status: 'failed', source, message: describeError(error) });
    } finally {
      if (importReading === controller) importReading = null;
    }
  }

  return {
    shareDialog: null,
    importDialog: null,
    importProgress: null,
    llmDoExportDialog: null,

    openLlmDoExport: async () => {
      const workspace = useWorkspaceStore.getState();
      const projectName = workspace.currentProject;
      if (projectName === null) return;
      llmDoExport = null;
      set({ llmDoExportDialog: { status: 'preparing', projectName } });
      try {
        await workspace.saveNow();
        const { exportLlmDoProject, readProjectFiles } = await loadShareMachinery();
        const exported = exportLlmDoProject(await readProjectFiles(requireFileSystem(), projectName));
        if (get().llmDoExportDialog?.projectName !== projectName) return;
        llmDoExport = exported.project;
        set({ llmDoExportDialog: { status: 'ready', projectName, notes: exported.notes, files: exported.project.files.map((file) => file.path) } });
      } catch (error) {
        set({ llmDoExportDialog: { status: 'failed', projectName, message: `"${projectName}" cannot be exported as an llm-do project: ${describeError(error)}` } });
      }
    },

    downloadLlmDoExport: async () => {
      const dialog = get().llmDoExportDialog;
      if (dialog?.status !== 'ready' || llmDoExport === null) return;
      const { exportProjectZip, zipFolderName } = await loadShareMachinery();
      downloadBytes(exportProjectZip(llmDoExport, { modifiedAt: new Date() }), `${zipFolderName(dialog.projectName)}-llm-do.zip`, 'application/zip');
      llmDoExport = null;
      set({ llmDoExportDialog: null });
    },

    closeLlmDoExport: () => {
      llmDoExport = null;
      set({ llmDoExportDialog: null });
    },

    openShare: async () => {
      const workspace = useWorkspaceStore.getState();
      const projectName = workspace.currentProject;
      if (projectName === null) return;
      set({ shareDialog: { status: 'preparing', projectName } });
      try {
        // Unsaved keystrokes belong in the link too.
        await workspace.saveNow();
        sharedProject = await (await loadShareMachinery()).readProjectFiles(requireFileSystem(), projectName);
        if (get().shareDialog?.projectName !== projectName) return;
        const dialog = await encode(sharedProject, false);
        if (get().shareDialog?.projectName !== projectName) return;
        set({ shareDialog: dialog });
        await copyIfShareable();
      } catch (error) {
        set({ shareDialog: { status: 'failed', projectName, message: `Could not read the project: ${describeError(error)}` } });
      }
    },

    setIncludeBinary: async (includeBinary) => {
      if (sharedProject === null || get().shareDialog?.status !== 'ready') return;
      set({ shareDialog: await encode(sharedProject, includeBinary) });
      await copyIfShareable();
    },

    copyLink: async () => {
      const dialog = get().shareDialog;
      if (dialog?.status !== 'ready') return;
      const copy = await writeClipboard(dialog.url);
      set((state) => (state.shareDialog === dialog ? { shareDialog: { ...dialog, copy } } : {}));
    },

    closeShare: () => {
      sharedProject = null;
      set({ shareDialog: null });
    },

    exportZip: async () => {
      const workspace = useWorkspaceStore.getState();
      const projectName = workspace.currentProject;
      if (projectName === null) return;
      try {
        await workspace.saveNow();
        const { readProjectFiles, exportProjectZip, zipFolderName } = await loadShareMachinery();
        const project = await readProjectFiles(requireFileSystem(), projectName);
        downloadBytes(exportProjectZip(project, { modifiedAt: new Date() }), `${zipFolderName(projectName)}.zip`, 'application/zip');
      } catch (error) {
        useWorkspaceStore.setState({ notice: { tone: 'error', message: `Could not export "${projectName}" as a zip: ${describeError(error)}` } });
      }
    },

    openLinkImport: async (hash) => {
      await showPreview('link', async (machinery) => machinery.decodeShareFragment(hash));
    },

    openZipImport: async (file) => {
      if (file.size > MAX_ZIP_FILE_BYTES) {
        set({
          importDialog: {
            status: 'failed',
            source: 'zip',
            message: `This .zip is ${(file.size / (1024 * 1024)).toFixed(1)} MiB; projects larger than ${MAX_DECOMPRESSED_BYTES / (1024 * 1024)} MiB cannot be imported.`,
          },
        });
        return;
      }
      const name = file.name.replace(/\.zip$/i, '');
      await showPreview('zip', async (machinery) => machinery.importProjectZip(new Uint8Array(await file.arrayBuffer()), { name }));
    },

    openFolderImport: async (files) => {
      // Checked on the sizes the browser reports, before any file is read into memory.
      const { folderTooLarge } = await import('@/lib/share/folder-import');
      const tooLarge = folderTooLarge(files);
      if (tooLarge !== null && !tooLarge.ok) {
        set({ importDialog: { status: 'failed', source: 'folder', message: tooLarge.error.message } });
        return;
      }
      set({ importProgress: null });
      await showPreview('folder', async (machinery) => {
        const shown = get().importDialog;
        // The progress line belongs to the loading dialog this import opened, while it is still the one shown.
        const read = await machinery.readPickedFolder(files, (progress) => set((state) => (state.importDialog === shown ? { importProgress: machinery.describeFolderProgress(progress) } : {})));
        return machinery.importProjectFolder(read);
      });
      set({ importProgress: null });
    },

    openDroppedImport: async (dropped) => {
      set({ importProgress: null });
      await showPreview('drop', async (machinery) => {
        const roots = await dropped;
        const shown = get().importDialog;
        // The progress line belongs to the loading dialog this drop opened, while it is still the one shown.
        return machinery.importDroppedItems(roots, (progress) => set((state) => (state.importDialog === shown ? { importProgress: machinery.describeDropProgress(progress) } : {})));
      });
      set({ importProgress: null });
    },


    // Records are read, bounded and checked in a worker (read-records-off-thread.ts): one at the format's limit takes seconds.
    openRunLinkImport: async (hash) => {
      await showPreview('run-link', async (machinery, context) => machinery.runRecordImport(await readRunRecordOffThread({ kind: 'link', fragment: hash }, context)));
    },

    openRunFileImport: async (file) => {
      if (file.size > MAX_RECORD_TEXT_LENGTH) {
        set({ importDialog: { status: 'failed', source: 'run-file', message: `This file is ${(file.size / (1024 * 1024)).toFixed(1)} MiB, larger than any run record Workerbench reads.` } });
        return;
      }
      await showPreview('run-file', async (machinery, context) => machinery.runRecordImport(await readRunRecordOffThread({ kind: 'file', file }, context)));
    },

    confirmImport: async () => {
      const dialog = get().importDialog;
      if (dialog?.status !== 'preview') return;
      const { preview } = dialog;
      set({ importDialog: { status: 'importing', preview } });
      try {
        const fileSystem = requireFileSystem();
        const { project: name } = await (await loadShareMachinery()).commitImport(fileSystem, preview);
        // Untrusted until the person says otherwise: commitImport made it so, whatever an earlier project of this name was.
        if (preview.source === 'link' || preview.source === 'run-link') clearLocationHash();
        useWorkspaceStore.setState({ projects: await projectCatalog.list(fileSystem) });
        await useWorkspaceStore.getState().switchProject(name);
        const message =
          preview.run === undefined
            ? `Imported the project as "${name}". Nothing was run.`
            : `Opened the run as project "${name}": the project as the run started, and the run in the Runs panel. Nothing was run.`;
        useWorkspaceStore.setState({
          notice: { tone: 'info', message: preview.asksApproveAll ? `${message} ${APPROVE_ALL_NOTICE}` : message },
        });
        set({ importDialog: null });
      } catch (error) {
        set({ importDialog: { status: 'preview', preview, error: `The import failed and nothing was changed: ${describeError(error)}` } });
      }
    },

    cancelImport: () => {
      const dialog = get().importDialog;
      if (dialog?.status === 'importing') return;
      importReading?.abort();
      const source = dialog === null ? null : dialog.status === 'preview' ? dialog.preview.source : dialog.source;
      // A link that was declined (or could not be read) should not come back on every reload.
      if (source === 'link' || source === 'run-link') clearLocationHash();
      set({ importDialog: null });
    },
  };
});

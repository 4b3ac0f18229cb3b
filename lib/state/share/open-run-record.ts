import type { FileSystem } from '@/lib/vfs/file-system';
import type { RunRecord, RunRecordFile } from '@/lib/run-record/run-record';
import { projectPath } from '@/lib/project/projects';
import { commitImport, previewImport, runRecordImport } from './share-import';
import { projectCatalog } from '../workspace/project-catalog';
import { useWorkspaceStore } from '../workspace/workspace-store';

/**
 * Opens a run record as a new project without a dialog (Replay does this):
 * the project as the run started, under a free name derived from the
 * record's, with the run kept beside it, and switches to it. `overlay` files
 * replace the record's in the copy (the workers as they are now, for a
 * replay). The copy starts untrusted like every project made from a record
 * (commitImport): its files are the record's, not the project it came from,
 * whatever that project's trust.
 */
export async function openRunRecord(
  fileSystem: FileSystem,
  record: RunRecord,
  options: { nameSuffix: string; overlay?: readonly RunRecordFile[] },
): Promise<{ project: string; runId: string }> {
  const named: RunRecord = { ...record, projectName: `${record.projectName}-${options.nameSuffix}` };
  const { decoded, run } = runRecordImport({ ok: true, record: named });
  const preview = await previewImport({ fileSystem, source: 'run-file', decoded, run });
  if (!preview.ok) throw new Error(preview.error.message);
  const { project, runId } = await commitImport(fileSystem, preview.preview);
  // Written before the workspace opens the project, so what it loads (and may save) is the overlaid text.
  for (const file of options.overlay ?? []) await fileSystem.writeFile(`${projectPath(project)}/${file.path}`, file.data);
  useWorkspaceStore.setState({ projects: await projectCatalog.list(fileSystem) });
  await useWorkspaceStore.getState().switchProject(project);
  return { project, runId: runId ?? record.runId };
}

import type { FileSystem } from '@/lib/vfs/file-system';
import type { RunRecord, RunRecordFile } from '@/lib/run-record/run-record';
import { projectPath } from '@/lib/project/projects';
import { commitImport, previewImport, runRecordImport } from './share-import';
import { projectCatalog } from '../workspace/project-catalog';
import { distrustProject, trustProject } from './trust-store';
import { useWorkspaceStore } from '../workspace/workspace-store';

/**
 * Opens a run record as a new project without a dialog (Replay does this):
 * the project as the run started, under a free name derived from the
 * record's, with the run kept beside it, and switches to it. `trusted` says
 * whether the copy may keep its project's own approval settings: yes for a
 * copy of a trusted project of this browser (or the shipped example), no for
 * a record that came from elsewhere. `overlay` files replace the record's in
 * the copy (the workers as they are now, for a replay).
 */
export async function openRunRecord(
  fileSystem: FileSystem,
  record: RunRecord,
  options: { nameSuffix: string; trusted: boolean; overlay?: readonly RunRecordFile[] },
): Promise<{ project: string; runId: string }> {
  const named: RunRecord = { ...record, projectName: `${record.projectName}-${options.nameSuffix}` };
  const { decoded, run } = runRecordImport({ ok: true, record: named });
  const preview = await previewImport(fileSystem, 'run-file', decoded, run);
  if (!preview.ok) throw new Error(preview.error.message);
  const { project, runId } = await commitImport(fileSystem, preview.preview);
  // Written before the workspace opens the project, so what it loads (and may save) is the overlaid text.
  for (const file of options.overlay ?? []) await fileSystem.writeFile(`${projectPath(project)}/${file.path}`, file.data);
  if (options.trusted) trustProject(project);
  else distrustProject(project);
  useWorkspaceStore.setState({ projects: await projectCatalog.list(fileSystem) });
  await useWorkspaceStore.getState().switchProject(project);
  return { project, runId: runId ?? record.runId };
}

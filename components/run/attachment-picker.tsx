'use client';

import { useRunStore } from '@/lib/state/run/run-store';
import { treeFiles } from '@/lib/state/workspace/read-project-tree';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { formatBytes } from '@/lib/state/ui/view-helpers';
import styles from './run.module.css';

/** Project files to pass to the worker as attachments, with their sizes. */
export function AttachmentPicker() {
  const tree = useWorkspaceStore((state) => state.tree);
  const chosen = useRunStore((state) => state.attachments);
  const toggle = useRunStore((state) => state.toggleAttachment);
  const files = treeFiles(tree);
  const count = chosen.filter((path) => files.some((file) => file.path === path)).length;
  return (
    <fieldset style={{ border: 'none', margin: 0, padding: 0 }}>
      <legend className={styles.label}>Attachments {count > 0 ? `(${count} selected)` : ''}</legend>
      {files.length === 0 ? (
        <p className={styles.hint}>The project has no files.</p>
      ) : (
        <ul className={styles.attachments} data-testid="attachment-picker">
          {files.map((file) => (
            <li key={file.path}>
              <label>
                <input type="checkbox" checked={chosen.includes(file.path)} onChange={() => toggle(file.path)} />
                <span className={styles.attachmentName} title={file.path}>
                  {file.path}
                </span>
                <span className={styles.size}>{formatBytes(file.size)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

'use client';

import { formatBytes } from '@/lib/state/ui/view-helpers';
import styles from './share.module.css';

/** Project-relative paths (and sizes when known), rendered as text: names from a link are untrusted. */
export function FileList({ files, testId }: { files: Array<{ path: string; bytes?: number; note?: string }>; testId: string }) {
  return (
    <ul className={styles.fileList} data-testid={testId}>
      {files.map((file) => (
        <li key={file.path} data-testid={`${testId}-item`} data-path={file.path}>
          <span>{file.path}</span>
          {file.bytes !== undefined || file.note !== undefined ? (
            <span className={styles.fileSize}>
              {[file.note, file.bytes === undefined ? undefined : formatBytes(file.bytes)].filter(Boolean).join(' · ')}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

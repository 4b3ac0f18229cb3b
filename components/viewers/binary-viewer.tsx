'use client';

import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

export function BinaryViewer({ path, size }: { path: string; size: number }) {
  const downloadFile = useWorkspaceStore((state) => state.downloadFile);
  return (
    <div className="viewer binary-viewer" data-testid="binary-viewer">
      <p className="viewer-info">
        Binary file, {size.toLocaleString('en-US')} bytes. It cannot be shown here.
      </p>
      <button type="button" className="button button-primary" onClick={() => void downloadFile(path)}>
        Download
      </button>
    </div>
  );
}

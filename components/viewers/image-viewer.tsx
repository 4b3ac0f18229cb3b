'use client';

import { formatBytes } from '@/lib/vfs/limits';
import { useObjectUrl } from './use-object-url';

export function ImageViewer({ path, bytes, mimeType }: { path: string; bytes: Uint8Array; mimeType: string }) {
  const url = useObjectUrl(bytes, mimeType);
  return (
    <div className="viewer image-viewer" data-testid="image-viewer">
      <p className="viewer-info">
        Image, {formatBytes(bytes.byteLength)}
      </p>
      {url !== null ? <img src={url} alt={path} className="image-preview" /> : null}
    </div>
  );
}

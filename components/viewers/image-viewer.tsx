'use client';

import { useMemo } from 'react';
import { imageSource } from '@/lib/state/workspace/image-source';
import { formatBytes } from '@/lib/state/ui/view-helpers';
import { useObjectUrl } from './use-object-url';

/** Shows an image file; lib/state/workspace/image-source.ts decides the URL so that no file becomes a same-origin document. */
export function ImageViewer({ path, bytes, mimeType }: { path: string; bytes: Uint8Array; mimeType: string }) {
  const source = useMemo(() => imageSource(bytes, mimeType), [bytes, mimeType]);
  const blobUrl = useObjectUrl(source.kind === 'blob' ? bytes : null, source.kind === 'blob' ? source.mimeType : '');
  const url = source.kind === 'data-url' ? source.url : blobUrl;
  return (
    <div className="viewer image-viewer" data-testid="image-viewer">
      <p className="viewer-info">
        Image, {formatBytes(bytes.byteLength)}
      </p>
      {url !== null ? <img src={url} alt={path} className="image-preview" /> : null}
    </div>
  );
}

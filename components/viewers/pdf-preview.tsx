'use client';

import { useEffect, useRef, useState } from 'react';
import { openPdf } from '@/lib/editor/load-pdfjs';
import { formatBytes } from '@/lib/vfs/limits';
import { useWorkspaceStore } from '@/lib/state/workspace-store';

type PreviewState = { status: 'loading' } | { status: 'ready'; pages: number } | { status: 'failed'; reason: string };

/** First page of a PDF with its page count and size; the full viewer comes later. */
export function PdfPreview({ path, bytes }: { path: string; bytes: Uint8Array }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [preview, setPreview] = useState<PreviewState>({ status: 'loading' });
  const downloadFile = useWorkspaceStore((state) => state.downloadFile);

  useEffect(() => {
    let cancelled = false;
    const pdf = openPdf(bytes);
    (async () => {
      const document = await pdf.promise;
      const page = await document.getPage(1);
      const canvas = canvasRef.current;
      if (cancelled || canvas === null) return;
      const pixelRatio = window.devicePixelRatio || 1;
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: Math.min(1.5, 800 / base.width) * pixelRatio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / pixelRatio)}px`;
      await page.render({ canvas, viewport }).promise;
      if (!cancelled) setPreview({ status: 'ready', pages: document.numPages });
    })().catch((error: unknown) => {
      if (!cancelled) setPreview({ status: 'failed', reason: error instanceof Error ? error.message : String(error) });
    });
    return () => {
      cancelled = true;
      pdf.dispose();
    };
  }, [bytes]);

  const size = formatBytes(bytes.byteLength);
  return (
    <div className="viewer pdf-preview" data-testid="pdf-preview">
      <div className="viewer-toolbar">
        <p className="viewer-info" data-testid="pdf-info">
          {preview.status === 'ready'
            ? `PDF, ${preview.pages} ${preview.pages === 1 ? 'page' : 'pages'}, ${size}`
            : preview.status === 'failed'
              ? `PDF, ${size}. The preview failed: ${preview.reason}`
              : `PDF, ${size}. Rendering the first page…`}
        </p>
        <button type="button" className="button" onClick={() => void downloadFile(path)}>
          Download
        </button>
      </div>
      <div className="pdf-page-frame">
        <canvas ref={canvasRef} className="pdf-page" aria-label={`First page of ${path}`} role="img" data-testid="pdf-canvas" />
      </div>
    </div>
  );
}

'use client';

import { useEffect, useRef, useState } from 'react';
import type { PdfJsDocument, PdfJsRenderTask, PdfJsViewport } from '@/lib/pdf/pdfjs-module';
import styles from './pdf-viewer.module.css';
import { errorMessage } from '@/lib/state/ui/view-helpers';

/** Pages are never drawn larger than this (CSS px per PDF point): a huge canvas costs memory, not clarity. */
const MAX_SCALE = 1.5;

/** A page renders when it comes within this distance of the viewport and is released beyond it. */
const NEAR_VIEWPORT_MARGIN = '150% 0px';

export interface PdfPageViewProps {
  document: PdfJsDocument;
  pageNumber: number;
  pageCount: number;
  /** Width the page may take, in CSS px (the scroll area less its padding). */
  availableWidth: number;
  /** Size in PDF points to reserve before the page itself is known (the first page's). */
  estimatedSize: PdfJsViewport;
  scrollRoot: HTMLElement | null;
}

type PageRenderState = { status: 'waiting' } | { status: 'rendered' } | { status: 'failed'; reason: string };

/**
 * One page of the PDF. Only pages near the viewport hold a canvas, so a
 * 30-page deck opens as fast as a 1-page one and memory stays flat while
 * scrolling; a page that leaves the neighbourhood gives its canvas back.
 */
export function PdfPageView({ document, pageNumber, pageCount, availableWidth, estimatedSize, scrollRoot }: PdfPageViewProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [pageSize, setPageSize] = useState<PdfJsViewport>(estimatedSize);
  const [render, setRender] = useState<PageRenderState>({ status: 'waiting' });

  useEffect(() => {
    const frame = frameRef.current;
    if (frame === null || scrollRoot === null) return;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((entry) => entry.isIntersecting)), {
      root: scrollRoot,
      rootMargin: NEAR_VIEWPORT_MARGIN,
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [scrollRoot]);

  const scale = Math.min(MAX_SCALE, Math.max(availableWidth, 1) / pageSize.width);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!near || canvas === null) return;
    let cancelled = false;
    let task: PdfJsRenderTask | undefined;
    let release: (() => void) | undefined;
    (async () => {
      const page = await document.getPage(pageNumber);
      release = () => page.cleanup();
      if (cancelled) return;
      const size = page.getViewport({ scale: 1 });
      if (size.width !== pageSize.width || size.height !== pageSize.height) {
        // The effect runs again with the page's own size.
        setPageSize({ width: size.width, height: size.height });
        return;
      }
      const pixelRatio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: scale * pixelRatio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      task = page.render({ canvas, viewport });
      await task.promise;
      if (!cancelled) setRender({ status: 'rendered' });
    })().catch((error: unknown) => {
      // A cancelled render (scrolled away, resized) is not a failure.
      if (!cancelled) setRender({ status: 'failed', reason: errorMessage(error) });
    });
    return () => {
      cancelled = true;
      task?.cancel();
      release?.();
      // Gives the bitmap back; the frame keeps its size, so the scroll position does not jump.
      canvas.width = 0;
      canvas.height = 0;
      setRender({ status: 'waiting' });
    };
  }, [near, document, pageNumber, scale, pageSize]);

  const width = Math.floor(pageSize.width * scale);
  const height = Math.floor(pageSize.height * scale);
  return (
    <div
      ref={frameRef}
      className={styles.page}
      style={{ width, height }}
      data-testid="pdf-page"
      data-page-number={pageNumber}
      data-rendered={render.status === 'rendered'}
      role="img"
      aria-label={`Page ${pageNumber} of ${pageCount}`}
    >
      {/* 0×0 until drawn: a default 300×150 bitmap per waiting page is memory for nothing. */}
      <canvas ref={canvasRef} width={0} height={0} className={styles.canvas} style={{ width, height }} data-testid="pdf-canvas" />
      {render.status === 'failed' ? (
        <p className={styles.pageError} role="alert">
          Page {pageNumber} could not be drawn: {render.reason}
        </p>
      ) : null}
    </div>
  );
}

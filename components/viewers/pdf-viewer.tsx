'use client';

import { useCallback, useEffect, useState } from 'react';
import { formatBytes } from '@/lib/state/ui/view-helpers';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { PdfPageView } from './pdf-page-view';
import { usePdfDocument } from './use-pdf-document';
import styles from './pdf-viewer.module.css';

/** Horizontal padding of the scroll area (both sides), which pages must fit inside. */
const SCROLL_PADDING = 32;

/**
 * The PDF in the main pane: every page in one scrollable column (pages render
 * lazily near the viewport), the page count, the file size, the page being
 * read, and Download. A file pdf.js cannot read shows why instead, with
 * Download still offered.
 */
export function PdfViewer({ path, bytes }: { path: string; bytes: Uint8Array }) {
  const pdf = usePdfDocument(path, bytes);
  const downloadFile = useWorkspaceStore((state) => state.downloadFile);
  const [scrollArea, setScrollArea] = useState<HTMLDivElement | null>(null);
  const [availableWidth, setAvailableWidth] = useState(0);
  const [currentPage, setCurrentPage] = useState(1);

  useEffect(() => {
    if (scrollArea === null) return;
    const observer = new ResizeObserver(() => setAvailableWidth(Math.max(0, scrollArea.clientWidth - SCROLL_PADDING)));
    observer.observe(scrollArea);
    return () => observer.disconnect();
  }, [scrollArea]);

  // The page whose frame crosses the upper third of the scroll area is the one being read.
  const trackCurrentPage = useCallback(() => {
    if (scrollArea === null) return;
    const line = scrollArea.getBoundingClientRect().top + scrollArea.clientHeight / 3;
    const frames = scrollArea.querySelectorAll<HTMLElement>('[data-page-number]');
    for (const frame of frames) {
      if (frame.getBoundingClientRect().bottom >= line) {
        setCurrentPage(Number(frame.dataset.pageNumber));
        return;
      }
    }
  }, [scrollArea]);

  const size = formatBytes(bytes.byteLength);
  let info: string;
  if (pdf.status === 'ready') info = `PDF, ${pdf.pageCount} ${pdf.pageCount === 1 ? 'page' : 'pages'}, ${size}`;
  else if (pdf.status === 'failed') info = `PDF, ${size}`;
  else info = `PDF, ${size}. Opening…`;

  return (
    <div className={`viewer ${styles.viewer}`} data-testid="pdf-viewer" data-status={pdf.status}>
      <div className={`viewer-toolbar ${styles.toolbar}`}>
        <p className="viewer-info" data-testid="pdf-info">
          {info}
        </p>
        {pdf.status === 'ready' && pdf.pageCount > 1 ? (
          <p className="viewer-info" data-testid="pdf-current-page" aria-live="polite">
            Page {currentPage} of {pdf.pageCount}
          </p>
        ) : null}
        <button type="button" className="button" onClick={() => void downloadFile(path)}>
          Download
        </button>
      </div>
      {pdf.status === 'failed' ? (
        <div className={styles.error} role="alert" data-testid="pdf-error">
          <p className={styles.errorTitle}>This PDF cannot be shown.</p>
          <p>{pdf.message}</p>
          <p className={styles.errorHint}>The file is kept as it is; Download gives you its bytes.</p>
        </div>
      ) : (
        <div
          ref={setScrollArea}
          className={styles.pages}
          tabIndex={0}
          role="region"
          aria-label={`Pages of ${path}`}
          aria-busy={pdf.status === 'loading'}
          data-testid="pdf-pages"
          onScroll={trackCurrentPage}
        >
          {pdf.status === 'ready' && availableWidth > 0
            ? Array.from({ length: pdf.pageCount }, (_, index) => (
                <PdfPageView
                  key={index + 1}
                  document={pdf.document}
                  pageNumber={index + 1}
                  pageCount={pdf.pageCount}
                  availableWidth={availableWidth}
                  estimatedSize={pdf.firstPageSize}
                  scrollRoot={scrollArea}
                />
              ))
            : null}
        </div>
      )}
    </div>
  );
}

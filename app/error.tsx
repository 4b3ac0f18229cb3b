'use client';

/**
 * The IDE's last line of defence: a rendering error would otherwise blank the
 * whole page. Typed text is already in IndexedDB or in the unsaved-text
 * journal (lib/state/workspace/unsaved-journal.ts), so reloading loses nothing; say so.
 */
export default function WorkbenchError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main className="fatal-error" role="alert">
      <h1>Workerbench hit an unexpected error</h1>
      <p>Your files and any text you typed are kept in this browser; reloading the page brings them back.</p>
      <pre>{error.message}</pre>
      <div className="fatal-error-actions">
        <button type="button" className="button button-primary" onClick={() => reset()}>
          Try again
        </button>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    </main>
  );
}

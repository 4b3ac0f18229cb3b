/**
 * Whether a modal dialog (new file name, confirm, settings, the command palette) is open: it keeps
 * the keys, so the page's own shortcuts stand aside. The approval questions are a non-modal dialog
 * docked in the Run panel (aria-modal="false"): they do not count.
 */
export function modalDialogOpen(): boolean {
  return document.querySelector('[aria-modal="true"], [role="alertdialog"], [role="dialog"]:not([aria-modal="false"])') !== null;
}

/**
 * The address-bar side of share links. The project travels in the fragment
 * ("#wb1=…"), which browsers never send to the server.
 */

/** True when a location hash looks like it is meant to be a Workerbench share link (even a damaged one). */
export function isShareHash(hash: string): boolean {
  return /^#?wb\d/.test(hash.trim());
}

/** True when a location hash is meant to be a run link ("#wbrun2=…"), even a damaged one; checked before isShareHash. */
export function isRunHash(hash: string): boolean {
  return /^#?wbrun\d/.test(hash.trim());
}

/** The full link for a fragment: this page's address without its own query or fragment. */
export function shareUrl(location: Pick<Location, 'origin' | 'pathname'>, fragment: string): string {
  return `${location.origin}${location.pathname}${fragment}`;
}

/** Removes the fragment from the address bar without a reload or a history entry, so a reload does not offer the import again. */
export function clearLocationHash(): void {
  if (typeof window === 'undefined' || window.location.hash === '') return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
}

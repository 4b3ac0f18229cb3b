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

/**
 * True when following this address would offer an import: its fragment (after
 * the first "#", percent-decoded, as the listener would read it) is a project
 * or run link. Rendered content (markdown from a model, a tool or a file) must
 * not carry such a link, or one click on text someone else wrote opens an
 * import dialog; any address counts, the IDE's own page on another path or
 * origin included, because a new tab of the IDE would offer it too.
 */
export function isImportLink(href: string): boolean {
  const hash = href.indexOf('#');
  if (hash < 0) return false;
  let fragment = href.slice(hash + 1).replace(/\s+/g, '');
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    // A stray "%": checked as it is.
  }
  return isRunHash(fragment) || isShareHash(fragment);
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

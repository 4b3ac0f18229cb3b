/**
 * Where the focus goes when a tab closes. Only when it was on the closing tab or inside its
 * panel (both about to go): then the tab that comes to the front, if the closing one was in
 * front, else the tab before it (after it, when it was the first). A tab closed by mouse while
 * the focus is elsewhere (typing in the file) leaves the focus where it is.
 */
export function focusAfterClosingTab(closing: HTMLElement, close: () => void, frontTabAfterwards: () => HTMLElement | null): void {
  const panelId = closing.getAttribute('aria-controls') ?? '';
  const focused = document.activeElement;
  const focusGoes = focused !== null && (focused === closing || document.getElementById(panelId)?.contains(focused) === true);
  const tabs = Array.from(closing.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []);
  const index = tabs.indexOf(closing);
  const neighbour = tabs[index - 1] ?? tabs[index + 1] ?? null;
  const wasInFront = closing.getAttribute('aria-selected') === 'true';
  close();
  if (!focusGoes) return;
  (wasInFront ? (frontTabAfterwards() ?? neighbour) : neighbour)?.focus();
}

/**
 * How the focus last moved on this page: by the keyboard (Tab, F6, a shortcut) or by a pointer
 * (mouse, touch, pen). Read when the code editor gains focus, to tell "tabbed into" from
 * "clicked into". Listens in the capture phase, so it sees the key before any widget handles it.
 */
export type FocusArrival = 'keyboard' | 'pointer';

let lastArrival: FocusArrival = 'pointer';
let listening = false;

export function watchFocusArrival(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('keydown', () => (lastArrival = 'keyboard'), true);
  window.addEventListener('pointerdown', () => (lastArrival = 'pointer'), true);
}

export function lastFocusArrival(): FocusArrival {
  return lastArrival;
}

'use client';

import { RunPanel } from './run-panel';

/** The workbench's place for the Run panel (the shell imports this name). */
export function RunPanelSlot() {
  return <RunPanel />;
}

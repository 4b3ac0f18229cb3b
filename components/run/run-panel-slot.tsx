/**
 * Reserved place for the Run panel (run tree, approvals), added by the runtime
 * work. It renders nothing until then, so the layout does not fake a feature.
 */
export function RunPanelSlot() {
  return null;
}

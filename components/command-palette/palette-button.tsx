'use client';

import { IconButton } from '@/components/icons/icon-button';
import { commandDefinition } from '@/lib/state/ui/commands/command-list';
import { usePaletteStore } from '@/lib/state/ui/commands/palette-store';

/** The header's way into the command palette, for those who do not know its key yet (the tooltip says it). */
export function PaletteButton() {
  const setOpen = usePaletteStore((state) => state.setOpen);
  return <IconButton icon="palette" label={commandDefinition('palette.open').title} command="palette.open" onClick={() => setOpen(true)} data-testid="palette-button" />;
}

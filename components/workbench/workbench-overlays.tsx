'use client';

import { DialogHost } from '@/components/dialogs/dialog-host';
import { ShareLinkListener } from '@/components/share/share-link-listener';
import { CommandPaletteHost } from '@/components/command-palette/command-palette-host';
import { OnDemandDialogs } from './on-demand-dialogs';
import { PageDropZone } from './page-drop-zone';

/**
 * What sits over the areas (dialogs, the palette, the page's drop zone, a shared link's import):
 * none of it is needed to show the tree, so the workbench loads it after the tree (after-tree.tsx).
 */
export function WorkbenchOverlays() {
  return (
    <>
      <DialogHost />
      <ShareLinkListener />
      <OnDemandDialogs />
      <PageDropZone />
      <CommandPaletteHost />
    </>
  );
}

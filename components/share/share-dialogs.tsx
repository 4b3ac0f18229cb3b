'use client';

import { ImportPreviewDialog } from './import-preview-dialog';
import { ShareDialog } from './share-dialog';
import { ShareLinkListener } from './share-link-listener';

/** Everything sharing mounts once in the IDE shell: the two dialogs and the address-bar listener. */
export function ShareDialogs() {
  return (
    <>
      <ShareLinkListener />
      <ShareDialog />
      <ImportPreviewDialog />
    </>
  );
}

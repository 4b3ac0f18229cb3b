'use client';

import { ImportPreviewDialog } from './import-preview-dialog';
import { ShareDialog } from './share-dialog';
import { ShareLinkListener } from './share-link-listener';
import { LlmDoExportDialog } from './llm-do-export-dialog';
import { RunShareDialog } from './run-share-dialog';

/** Everything sharing mounts once in the IDE shell: the dialogs and the address-bar listener. */
export function ShareDialogs() {
  return (
    <>
      <ShareLinkListener />
      <ShareDialog />
      <ImportPreviewDialog />
      <LlmDoExportDialog />
      <RunShareDialog />
    </>
  );
}

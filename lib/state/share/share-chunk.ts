/** The share and import code the share store loads on demand: link and zip codecs, project reading, import checks. */
export { decodeShareFragment, encodeShareFragment, ShareEncodeError } from '@/lib/share/share-link';
export { exportProjectZip, importProjectZip, zipFolderName } from '@/lib/share/zip-archive';
export { describeFolderProgress, importDroppedItems, importProjectFolder, readPickedFolder } from '@/lib/share/folder-import';
export { describeDropProgress } from '@/lib/share/dropped-items';
export { readProjectFiles } from '@/lib/share/read-project-files';
export { commitImport, previewImport, runRecordImport } from './share-import';
export { exportLlmDoProject } from '@/lib/llm-do/export-llm-do-project';

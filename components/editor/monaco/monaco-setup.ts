import * as monaco from './monaco-editor-parts';
import { loader } from '@monaco-editor/react';
import { installMonacoEnvironment } from './monaco-environment';
import { registerWorkerLanguage } from './worker-language';
import { registerQuickFixes } from './quick-fixes';

/**
 * Client-only: bundles Monaco with the app instead of the CDN that
 * @monaco-editor/react would load by default. Imported lazily by the editor.
 */
installMonacoEnvironment();
loader.config({ monaco });
registerWorkerLanguage(monaco);
registerQuickFixes(monaco);

export { monaco };

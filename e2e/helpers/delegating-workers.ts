/**
 * Two workers that delegate: main hands file work to helper over a named tool.
 * The run specs start from them (run.spec.ts, run-document.spec.ts).
 */
export const MAIN_DELEGATING = `---
name: main
description: Hands file work to the helper.
toolsets: { workers: { allowed_workers: [helper] }, filesystem: {} }
---
Delegate file work to helper.
`;

export const HELPER = `---
name: helper
description: Writes files it is asked to write.
toolsets: { filesystem: {} }
---
Write the files you are asked to write.
`;

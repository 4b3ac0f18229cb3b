/** Types of inline-script-hashes.mjs. */
export declare function inlineScriptHashes(html: string): string[];
export declare function prerenderedPageHashes(buildDirectory: string): { hashes: string[]; pages: number };

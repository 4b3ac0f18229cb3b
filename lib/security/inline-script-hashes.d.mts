/** Types of inline-script-hashes.mjs. */
export declare function inlineScriptHashes(html: string): string[];

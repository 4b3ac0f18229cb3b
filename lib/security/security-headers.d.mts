/** Types of security-headers.mjs. */
export declare const API_CONTENT_SECURITY_POLICY: string;
export declare const SECURITY_HEADERS: readonly { readonly key: string; readonly value: string }[];

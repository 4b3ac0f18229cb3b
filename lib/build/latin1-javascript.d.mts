/** Types of latin1-javascript.mjs. */
export interface Latin1Result {
  text: string;
  escaped: number;
  left: number;
  reason?: string;
}
export declare function latin1JavaScript(source: string): Latin1Result;
export declare function stringLiteral(value: string, quote: string): string;
export declare function templateText(cooked: string): string;
export declare function regexPattern(pattern: string): string;

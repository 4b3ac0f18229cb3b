import { z } from 'zod';
import { SHARE_FORMAT, SHARE_FORMAT_VERSION } from './share-limits';

/**
 * The JSON inside a share link, version 1. Text files travel as strings so they
 * stay readable and compress well; binary files as base64. Strict objects: a
 * payload with unexpected keys was not written by us and is refused.
 */
export const sharedTextFileSchema = z.strictObject({ path: z.string(), text: z.string() });
export const sharedBinaryFileSchema = z.strictObject({ path: z.string(), base64: z.string() });

export const sharePayloadSchema = z.strictObject({
  format: z.literal(SHARE_FORMAT),
  version: z.literal(SHARE_FORMAT_VERSION),
  name: z.string(),
  files: z.array(z.union([sharedTextFileSchema, sharedBinaryFileSchema])),
});

export type SharePayload = z.infer<typeof sharePayloadSchema>;
export type SharePayloadFile = SharePayload['files'][number];

/** First zod issue as "files[3].path: expected string" for the corrupted-link message. */
export function describePayloadIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'unexpected contents';
  const where = issue.path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`))
    .join('');
  return where === '' ? issue.message : `${where}: ${issue.message}`;
}

import { MAX_DECOMPRESSED_BYTES } from '@/lib/share/share-limits';

/**
 * Bounds of a run record read from a file or a link. The project inside is
 * bounded like any import (MAX_DECOMPRESSED_BYTES); the events and steps of a
 * long run add to it: a run of a thousand tool calls keeps a few thousand
 * events. A record beyond these was not made by a run Workerbench keeps.
 */
export const MAX_RECORD_TEXT_LENGTH = 3 * MAX_DECOMPRESSED_BYTES;
export const MAX_RECORD_EVENTS = 200_000;
export const MAX_RECORD_STEPS = 20_000;
/**
 * Messages in all steps together, once a version 2 record's shared messages are
 * filled in (a shared message costs nothing where it is written, so bytes alone
 * do not bound them): a thousand-step call of a few hundred turns each fits.
 */
export const MAX_RECORD_MESSAGES = 2_000_000;

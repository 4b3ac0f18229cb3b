import type { AttachmentPolicy, AttachmentSlot } from '@/lib/worker/worker-schema';

/**
 * Names of the parameters of a worker tool. Slots become parameters named after
 * the slot; a slot called like a fixed parameter gets "_attachment" appended so
 * it can never shadow `input`, `instructions` or `attachments`.
 */
export const INPUT_PARAMETER = 'input';
export const INSTRUCTIONS_PARAMETER = 'instructions';
export const ATTACHMENTS_PARAMETER = 'attachments';

const RESERVED = new Set([INPUT_PARAMETER, INSTRUCTIONS_PARAMETER, ATTACHMENTS_PARAMETER]);

export function slotParameterName(slot: Pick<AttachmentSlot, 'name'>): string {
  return RESERVED.has(slot.name) ? `${slot.name}_attachment` : slot.name;
}

/** Required attachments (policy-wide or a required slot) make `input` optional. */
export function attachmentsAreRequired(policy: AttachmentPolicy | undefined): boolean {
  if (policy === undefined || policy.max_attachments === 0) return false;
  return policy.required === true || (policy.slots ?? []).some((slot) => slot.required === true);
}

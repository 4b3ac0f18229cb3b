import type { AttachmentPolicy, WorkerDefinition } from '@/lib/worker/worker-schema';
import { formatBytes } from '@/lib/text/format-bytes';
import { AttachmentError, type AttachmentCandidate, type AttachmentViolation } from './attachment';
import { formatSuffixList, matchesAnySuffix, normalizeSuffixes } from './suffixes';

/**
 * The one attachment policy check. Every way of running a worker (entry run,
 * named worker tool, call_worker, dynamic workers) calls this with the
 * attachments it is about to hand over, before any model call, so a worker's
 * policy can never be bypassed by choosing another path.
 *
 * Works on sizes only (stat results or loaded attachments alike). Returns the
 * items in order with their slot filled in: items without an explicit slot take
 * the worker's free slots in declared order. Throws an AttachmentError listing
 * every violation, each naming the worker, the rule and the file.
 */
export type PolicyWorker = Pick<WorkerDefinition, 'name' | 'attachment_policy'>;

export function enforceAttachmentPolicy<T extends AttachmentCandidate>(worker: PolicyWorker, items: readonly T[]): T[] {
  const { assigned, violations } = checkAttachmentPolicy(worker, items);
  const first = violations[0];
  if (first !== undefined) {
    const message =
      violations.length === 1
        ? first.message
        : `Worker "${worker.name}" refused the attachments:\n${violations.map((violation) => `- ${violation.message}`).join('\n')}`;
    throw new AttachmentError({ code: first.code, message, path: first.path, workerName: worker.name, violations });
  }
  return assigned;
}

/** The non-throwing form, for diagnostics and tests: every violation, in rule order. */
export function checkAttachmentPolicy<T extends AttachmentCandidate>(
  worker: PolicyWorker,
  items: readonly T[],
): { assigned: T[]; violations: AttachmentViolation[] } {
  const policy: AttachmentPolicy = worker.attachment_policy ?? {};
  const who = `Worker "${worker.name}"`;
  const violations: AttachmentViolation[] = [];
  const add = (code: AttachmentViolation['code'], message: string, path?: string) => violations.push({ code, message, path });

  const count = items.length;
  const max = policy.max_attachments;
  if (max === 0 && count > 0) {
    add(
      'attachments_not_accepted',
      `${who} accepts no attachments (max_attachments: 0), but ${count} ${count === 1 ? 'was' : 'were'} passed: ${items.map((item) => `"${item.path}"`).join(', ')}.`,
      items[0]?.path,
    );
  } else if (max !== undefined && count > max) {
    add(
      'too_many_attachments',
      `${who} accepts at most ${max} attachment${max === 1 ? '' : 's'} (max_attachments), but ${count} were passed; "${items[max]?.path}" is one too many.`,
      items[max]?.path,
    );
  }

  if (policy.required === true && count === 0) {
    add('attachment_required', `${who} requires at least one attachment (attachment_policy.required), but none was passed.`);
  }

  if (policy.max_total_bytes !== undefined) {
    const total = items.reduce((sum, item) => sum + item.size, 0);
    if (total > policy.max_total_bytes) {
      const largest = [...items].sort((a, b) => b.size - a.size)[0];
      add(
        'total_too_large',
        `${who} accepts at most ${formatBytes(policy.max_total_bytes)} of attachments in total (max_total_bytes), but ${formatBytes(total)} were passed; the largest is "${largest?.path}" (${formatBytes(largest?.size ?? 0)}).`,
        largest?.path,
      );
    }
  }

  const allowed = normalizeSuffixes(policy.allowed_suffixes);
  const denied = normalizeSuffixes(policy.denied_suffixes);
  for (const item of items) {
    if (denied.length > 0 && matchesAnySuffix(item.path, denied)) {
      add('suffix_denied', `${who} does not accept "${item.path}": ${formatSuffixList(denied)} files are denied (denied_suffixes).`, item.path);
    } else if (allowed.length > 0 && !matchesAnySuffix(item.path, allowed)) {
      add(
        'suffix_not_allowed',
        `${who} does not accept "${item.path}": only ${formatSuffixList(allowed)} files are allowed (allowed_suffixes).`,
        item.path,
      );
    }
  }

  const assigned = assignSlots({ who, policy, items, add });
  return { assigned, violations };
}

interface AssignSlotsOptions<T extends AttachmentCandidate> {
  who: string;
  policy: AttachmentPolicy;
  items: readonly T[];
  add: (code: AttachmentViolation['code'], message: string, path?: string) => void;
}

function assignSlots<T extends AttachmentCandidate>({ who, policy, items, add }: AssignSlotsOptions<T>): T[] {
  const slots = policy.slots ?? [];
  if (slots.length === 0) {
    for (const item of items) {
      if (item.slot !== undefined) {
        add('unknown_slot', `${who} has no attachment slots, but "${item.path}" was passed as "${item.slot}".`, item.path);
      }
    }
    return [...items];
  }

  const slotNames = slots.map((slot) => slot.name);
  const filled = new Map<string, T>();
  for (const item of items) {
    if (item.slot === undefined) continue;
    if (!slotNames.includes(item.slot)) {
      add(
        'unknown_slot',
        `${who} has no attachment slot "${item.slot}" (its slots are ${slotNames.map((name) => `"${name}"`).join(', ')}); "${item.path}" was passed in it.`,
        item.path,
      );
    } else if (filled.has(item.slot)) {
      add('duplicate_slot', `${who} takes one file in slot "${item.slot}", but "${item.path}" was passed there too.`, item.path);
    } else {
      filled.set(item.slot, item);
    }
  }

  // Unnamed attachments (call_worker, dynamic workers) take the free slots in declared order.
  const assigned: T[] = [];
  for (const item of items) {
    if (item.slot !== undefined) {
      assigned.push(item);
      continue;
    }
    const free = slots.find((slot) => !filled.has(slot.name));
    if (free === undefined) {
      add(
        'too_many_attachments',
        `${who} takes attachments only in its slots ${slotNames.map((name) => `"${name}"`).join(', ')}, which are all filled; "${item.path}" has no slot.`,
        item.path,
      );
      assigned.push(item);
      continue;
    }
    const withSlot = { ...item, slot: free.name };
    filled.set(free.name, withSlot);
    assigned.push(withSlot);
  }

  for (const slot of slots) {
    const item = filled.get(slot.name);
    if (item === undefined) {
      if (slot.required === true) {
        add('slot_required', `${who} requires an attachment in slot "${slot.name}"${slot.description ? ` (${slot.description})` : ''}, but none was passed.`);
      }
      continue;
    }
    const slotAllowed = normalizeSuffixes(slot.allowed_suffixes);
    if (slotAllowed.length > 0 && !matchesAnySuffix(item.path, slotAllowed)) {
      add(
        'slot_suffix_not_allowed',
        `${who} does not accept "${item.path}" in slot "${slot.name}": only ${formatSuffixList(slotAllowed)} files are allowed there.`,
        item.path,
      );
    }
  }
  return assigned;
}

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AttachmentPolicy } from '@/lib/worker/worker-schema';
import { AttachmentError, type AttachmentCandidate } from './attachment';
import { checkAttachmentPolicy, enforceAttachmentPolicy } from './enforce-attachment-policy';

const worker = (attachment_policy?: AttachmentPolicy) => ({ name: 'pitch_evaluator', attachment_policy });
const file = (path: string, size = 1000, slot?: string): AttachmentCandidate => (slot === undefined ? { path, size } : { path, size, slot });

function refusal(policy: AttachmentPolicy | undefined, items: AttachmentCandidate[]): AttachmentError {
  try {
    enforceAttachmentPolicy(worker(policy), items);
  } catch (error) {
    if (error instanceof AttachmentError) return error;
    throw error;
  }
  throw new Error('expected the policy to refuse');
}

describe('enforceAttachmentPolicy', () => {
  it('accepts anything when the worker has no policy', () => {
    const items = [file('input/a.pdf'), file('notes.md')];
    expect(enforceAttachmentPolicy(worker(), items)).toEqual(items);
    expect(enforceAttachmentPolicy(worker(), [])).toEqual([]);
  });

  it('max_attachments 0 refuses every attachment, naming the worker, rule and file', () => {
    const error = refusal({ max_attachments: 0 }, [file('input/deck.pdf')]);
    expect(error.code).toBe('attachments_not_accepted');
    expect(error.path).toBe('input/deck.pdf');
    expect(error.workerName).toBe('pitch_evaluator');
    expect(error.message).toContain('Worker "pitch_evaluator" accepts no attachments (max_attachments: 0)');
    expect(error.message).toContain('"input/deck.pdf"');
    expect(enforceAttachmentPolicy(worker({ max_attachments: 0 }), [])).toEqual([]);
  });

  it('max_attachments names the first file too many', () => {
    const error = refusal({ max_attachments: 1 }, [file('a.pdf'), file('b.pdf')]);
    expect(error.code).toBe('too_many_attachments');
    expect(error.path).toBe('b.pdf');
    expect(error.message).toContain('at most 1 attachment (max_attachments)');
    expect(enforceAttachmentPolicy(worker({ max_attachments: 2 }), [file('a.pdf'), file('b.pdf')])).toHaveLength(2);
  });

  it('max_total_bytes counts all attachments and names the largest', () => {
    const error = refusal({ max_total_bytes: 1500 }, [file('a.pdf', 1000), file('b.pdf', 600)]);
    expect(error.code).toBe('total_too_large');
    expect(error.path).toBe('a.pdf');
    expect(error.message).toContain('(max_total_bytes)');
    expect(error.message).toContain('1.5 KiB');
    expect(enforceAttachmentPolicy(worker({ max_total_bytes: 1600 }), [file('a.pdf', 1000), file('b.pdf', 600)])).toHaveLength(2);
  });

  it('allowed_suffixes match case-insensitively in both directions', () => {
    expect(enforceAttachmentPolicy(worker({ allowed_suffixes: ['.pdf'] }), [file('input/Deck.PDF')])).toHaveLength(1);
    expect(enforceAttachmentPolicy(worker({ allowed_suffixes: ['.PDF'] }), [file('input/deck.pdf')])).toHaveLength(1);
    const error = refusal({ allowed_suffixes: ['.pdf', '.png'] }, [file('input/deck.pdf'), file('input/notes.docx')]);
    expect(error.code).toBe('suffix_not_allowed');
    expect(error.path).toBe('input/notes.docx');
    expect(error.message).toBe(
      'Worker "pitch_evaluator" does not accept "input/notes.docx": only .pdf or .png files are allowed (allowed_suffixes).',
    );
  });

  it('denied_suffixes refuse matching files, case-insensitively', () => {
    const error = refusal({ denied_suffixes: ['.exe'] }, [file('tools/setup.EXE')]);
    expect(error.code).toBe('suffix_denied');
    expect(error.message).toContain('.exe files are denied (denied_suffixes)');
    expect(enforceAttachmentPolicy(worker({ denied_suffixes: ['.exe'] }), [file('a.pdf')])).toHaveLength(1);
  });

  it('an empty allowed_suffixes list is no restriction', () => {
    expect(enforceAttachmentPolicy(worker({ allowed_suffixes: [] }), [file('a.bin')])).toHaveLength(1);
  });

  it('required demands at least one attachment', () => {
    const error = refusal({ required: true }, []);
    expect(error.code).toBe('attachment_required');
    expect(error.path).toBeUndefined();
    expect(error.message).toContain('requires at least one attachment (attachment_policy.required)');
    expect(enforceAttachmentPolicy(worker({ required: true }), [file('a.pdf')])).toHaveLength(1);
  });

  it('reports every violation at once', () => {
    const error = refusal({ max_attachments: 1, allowed_suffixes: ['.pdf'] }, [file('a.txt'), file('b.pdf')]);
    expect(error.violations.map((violation) => violation.code)).toEqual(['too_many_attachments', 'suffix_not_allowed']);
    expect(error.message.split('\n')).toHaveLength(3);
  });

  describe('slots', () => {
    const policy: AttachmentPolicy = {
      slots: [
        { name: 'deck', required: true, allowed_suffixes: ['.pdf'], description: 'The pitch deck' },
        { name: 'financials', allowed_suffixes: ['.csv', '.xlsx'] },
      ],
    };

    it('assigns explicitly named slots and fills free slots in declared order', () => {
      expect(enforceAttachmentPolicy(worker(policy), [file('x.csv', 10, 'financials'), file('d.pdf')])).toEqual([
        file('x.csv', 10, 'financials'),
        file('d.pdf', 1000, 'deck'),
      ]);
      expect(enforceAttachmentPolicy(worker(policy), [file('d.pdf'), file('x.csv')]).map((item) => item.slot)).toEqual([
        'deck',
        'financials',
      ]);
    });

    it('a required slot must be filled', () => {
      const error = refusal(policy, [file('x.csv', 10, 'financials')]);
      expect(error.code).toBe('slot_required');
      expect(error.message).toContain('requires an attachment in slot "deck" (The pitch deck)');
    });

    it("each slot's suffixes apply, case-insensitively", () => {
      expect(enforceAttachmentPolicy(worker(policy), [file('D.PDF', 10, 'deck')])).toHaveLength(1);
      const error = refusal(policy, [file('deck.png', 10, 'deck')]);
      expect(error.code).toBe('slot_suffix_not_allowed');
      expect(error.path).toBe('deck.png');
      expect(error.message).toContain('in slot "deck": only .pdf files are allowed there');
    });

    it('unknown slots, duplicates and more files than slots are refused', () => {
      expect(refusal(policy, [file('d.pdf', 1, 'deck'), file('z.pdf', 1, 'appendix')]).code).toBe('unknown_slot');
      expect(refusal(policy, [file('d.pdf', 1, 'deck'), file('e.pdf', 1, 'deck')]).code).toBe('duplicate_slot');
      const error = refusal(policy, [file('d.pdf'), file('x.csv'), file('y.csv')]);
      expect(error.code).toBe('too_many_attachments');
      expect(error.path).toBe('y.csv');
    });

    it('a slot name is refused when the worker has no slots', () => {
      expect(refusal({}, [file('d.pdf', 1, 'deck')]).code).toBe('unknown_slot');
    });
  });

  it('never refuses within limits, always refuses beyond max_attachments (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 8 }), (max, count) => {
        const items = Array.from({ length: count }, (_, index) => file(`input/f${index}.pdf`));
        const { violations } = checkAttachmentPolicy(worker({ max_attachments: max }), items);
        expect(violations.length > 0).toBe(count > max);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { errorMessage } from '@/lib/errors/error-message';

describe('errorMessage', () => {
  it('uses an Error’s message and shows anything else as text', () => {
    expect(errorMessage(new TypeError('bad type'))).toBe('bad type');
    expect(errorMessage('plain text')).toBe('plain text');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(null)).toBe('null');
    expect(errorMessage(undefined)).toBe('undefined');
  });
});

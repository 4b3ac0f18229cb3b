import { describe, expect, it } from 'vitest';
import { VfsError } from './file-system';
import { isQuotaError, toVfsError } from './storage-errors';

function withCode(code: string): Error {
  return Object.assign(new Error(`${code}: /x`), { code });
}

describe('toVfsError', () => {
  it('maps lightning-fs error codes', () => {
    expect(toVfsError(withCode('ENOENT'), 'read', '/x').code).toBe('ENOENT');
    expect(toVfsError(withCode('EEXIST'), 'create', '/x').code).toBe('EEXIST');
    expect(toVfsError(withCode('ENOTDIR'), 'list', '/x').code).toBe('ENOTDIR');
    expect(toVfsError(withCode('EISDIR'), 'write', '/x').code).toBe('EISDIR');
    expect(toVfsError(withCode('ENOTEMPTY'), 'remove', '/x').code).toBe('EIO');
    expect(toVfsError(withCode('ETIMEDOUT'), 'write', '/x').code).toBe('EUNAVAILABLE');
  });

  it('recognises quota errors by name, legacy code and message', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'Error', code: 22 })).toBe(true);
    expect(isQuotaError(new Error('Storage quota exceeded'))).toBe(true);
    expect(isQuotaError(new Error('something else'))).toBe(false);
    const mapped = toVfsError(new DOMException('full', 'QuotaExceededError'), 'write', '/p/a.pdf');
    expect(mapped.code).toBe('EQUOTA');
    expect(mapped.message).toContain("the browser's storage is full");
    expect(mapped.path).toBe('/p/a.pdf');
  });

  it('maps IndexedDB state errors to EUNAVAILABLE and anything else to EIO', () => {
    expect(toVfsError(new DOMException('closing', 'InvalidStateError'), 'read').code).toBe('EUNAVAILABLE');
    const other = toVfsError(new TypeError('boom'), 'read', '/x');
    expect(other.code).toBe('EIO');
    expect(other.message).toContain('boom');
    const original = new VfsError('ENOENT', 'kept as is');
    expect(toVfsError(original, 'read')).toBe(original);
  });
});

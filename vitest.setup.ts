// lightning-fs and the VFS tests run against a real IndexedDB implementation in Node.
import 'fake-indexeddb/auto';

// lightning-fs reads navigator for feature detection; Node 20 has none.
if (typeof globalThis.navigator === 'undefined') {
  Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'node' }, configurable: true });
}

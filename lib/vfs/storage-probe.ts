/**
 * Tells the UI, before anything is saved, whether browser storage works and how
 * full it is, so it can warn instead of failing on the first save.
 */
export interface StorageProbeResult {
  available: boolean;
  /** Why storage is unavailable, as a sentence for the user. */
  reason?: string;
  usageBytes?: number;
  quotaBytes?: number;
}

interface StorageEnvironment {
  indexedDB?: IDBFactory | null;
  navigator?: { storage?: { estimate?: () => Promise<{ usage?: number; quota?: number }> } };
}

const PROBE_DATABASE = 'workerbench_storage_probe';

export async function probeBrowserStorage(
  environment: StorageEnvironment = globalThis as StorageEnvironment,
  timeoutMs = 5_000,
): Promise<StorageProbeResult> {
  const factory = environment.indexedDB;
  if (factory === undefined || factory === null) {
    return {
      available: false,
      reason: 'This browser does not provide IndexedDB here (private browsing or disabled site data), so projects cannot be saved.',
    };
  }
  // Asked together: the estimate is a nicety that need not wait for the database, nor delay it.
  const [openFailure, estimate] = await Promise.all([tryOpen(factory, timeoutMs), estimateStorage(environment)]);
  if (openFailure !== null) {
    return { available: false, reason: `Browser storage (IndexedDB) cannot be opened: ${openFailure}.` };
  }
  return { available: true, ...estimate };
}

async function estimateStorage(environment: StorageEnvironment): Promise<Pick<StorageProbeResult, 'usageBytes' | 'quotaBytes'>> {
  const estimate = environment.navigator?.storage?.estimate;
  if (typeof estimate !== 'function') return {};
  try {
    const { usage, quota } = await estimate.call(environment.navigator?.storage);
    return {
      ...(typeof usage === 'number' ? { usageBytes: usage } : {}),
      ...(typeof quota === 'number' ? { quotaBytes: quota } : {}),
    };
  } catch {
    // An estimate is a nicety; storage still works without one.
    return {};
  }
}

/** null when a scratch database opens; otherwise the reason it did not. */
function tryOpen(factory: IDBFactory, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (reason: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(reason);
    };
    const timer = setTimeout(() => finish('opening the database timed out'), timeoutMs);
    try {
      const request = factory.open(PROBE_DATABASE);
      request.onsuccess = () => {
        request.result.close();
        finish(null);
      };
      request.onerror = () => finish(request.error?.message || request.error?.name || 'opening the database failed');
    } catch (error) {
      finish(error instanceof Error ? error.message : 'opening the database failed');
    }
  });
}

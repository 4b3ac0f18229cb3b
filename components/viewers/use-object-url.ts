'use client';

import { useEffect, useState } from 'react';

/** A Blob URL for bytes that lives exactly as long as the component showing it; null bytes make none. */
export function useObjectUrl(bytes: Uint8Array | null, mimeType: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (bytes === null) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mimeType }));
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [bytes, mimeType]);
  return url;
}

'use client';

import { useEffect, useState } from 'react';

/** A Blob URL for bytes that lives exactly as long as the component showing it. */
export function useObjectUrl(bytes: Uint8Array, mimeType: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const created = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mimeType }));
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [bytes, mimeType]);
  return url;
}

'use client';

import { Suspense, type ReactNode } from 'react';

/** Mounts a lazily loaded dialog only while it is open. */
export function OnDemand({ open, children }: { open: boolean; children: ReactNode }) {
  return open ? <Suspense fallback={null}>{children}</Suspense> : null;
}

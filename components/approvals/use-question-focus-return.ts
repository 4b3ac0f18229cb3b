'use client';

import { useEffect } from 'react';
import { useRunStore } from '@/lib/state/run/run-store';

/** Where the focus goes after the last question when the element it came from is gone (the Run button became Stop). */
const FALLBACK_SELECTOR = '[data-testid="stop-button"], [data-testid="run-button"]';

/**
 * After the last waiting question is answered (or the run stopped), the focus goes back to where
 * it was when the first one appeared, instead of falling to the page. Remembered when the store
 * changes, before React renders the question (which then takes the focus). When the run ends
 * with the focus on Stop, it moves to Run, which takes Stop's place.
 */
export function useQuestionFocusReturn(): void {
  useEffect(() => {
    let returnTo: Element | null = null;
    return useRunStore.subscribe((state, previous) => {
      // The run ended: Stop gives way to Run, and the focus on Stop would fall to the page with it.
      if (previous.running && !state.running && document.activeElement?.matches('[data-testid="stop-button"]') === true) {
        setTimeout(() => {
          if (document.activeElement === document.body) document.querySelector<HTMLElement>('[data-testid="run-button"]')?.focus();
        }, 0);
      }
      const waited = previous.pendingApprovals.length > 0;
      const waits = state.pendingApprovals.length > 0;
      if (!waited && waits) returnTo = document.activeElement;
      if (!waited || waits) return;
      const active = document.activeElement;
      // Only when the focus is on the questions or nowhere: a person who moved on keeps their place.
      const focusOnQuestions = active === null || active === document.body || active.closest('[data-testid="approval-dialog"]') !== null;
      const target = returnTo !== null && returnTo !== document.body && returnTo.isConnected ? returnTo : document.querySelector(FALLBACK_SELECTOR);
      returnTo = null;
      if (focusOnQuestions && target instanceof HTMLElement) target.focus();
    });
  }, []);
}

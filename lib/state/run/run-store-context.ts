import type { StoreApi } from 'zustand';
import type { RunState } from './run-state';

/** What every slice of the run store shares: zustand's `set` and `get`. */
export interface RunStoreContext {
  set: StoreApi<RunState>['setState'];
  get: StoreApi<RunState>['getState'];
}

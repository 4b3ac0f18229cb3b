import type { WorkspaceContext } from './workspace-context';
import type { WorkspaceState } from './workspace-state';

/** A click on a problem opens its file and asks the editor to move the cursor there. */
export function createRevealAction({ set, get }: WorkspaceContext): Pick<WorkspaceState, 'revealProblem'> {
  let revealCounter = 0;
  return {
    revealProblem: async (diagnostic) => {
      if (get().openPath !== diagnostic.file) await get().openFile(diagnostic.file);
      if (get().openPath !== diagnostic.file) return;
      revealCounter += 1;
      set({ revealRequest: { path: diagnostic.file, line: diagnostic.line, column: diagnostic.column, nonce: revealCounter } });
    },
  };
}

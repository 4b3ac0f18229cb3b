import type { ModelStepClient } from '@/lib/model/protocol/step-protocol';
import { createProxyModelClient } from '@/lib/model/client/proxy-client';
import { yieldBeforeEachStep } from '@/lib/model/client/yield-before-step';
import { PLAIN_STEPS_BESIDE_A_STREAM, stepConnectionBudget } from '@/lib/model/client/connection-budget';
import { slotsUnlessStreaming } from '@/lib/model/client/stream-aware-slots';
import { createModelSlots } from '@/lib/runtime/model-requests/model-slots';
import type { FileSystem } from '@/lib/vfs/file-system';
import { createProjectSandbox, type ProjectSandbox } from '@/lib/vfs/sandbox';
import { projectRoot } from '../workspace/project-folders';
import { requestAccessToken } from '../settings/access-token-prompt';
import { userAccessToken, userApiKey } from '../settings/settings-store';
import { useWorkspaceStore } from '../workspace/workspace-store';
import { yieldToMainThread } from '../ui/yield-to-main-thread';

/**
 * The browser's platform services for the runtime (which knows no browser):
 * the project sandbox over the workspace filesystem, the proxy model client
 * with the user's own keys, and the workspace refreshed from what a run wrote
 * (the approval bridge is approval-bridge.ts; reading a project, load-project-for-run.ts).
 */

export function projectSandbox(fileSystem: FileSystem, project: string): ProjectSandbox {
  return createProjectSandbox(fileSystem, projectRoot(project));
}

let modelClient: ModelStepClient | undefined;

/** The protocol the page itself came over; the model route is on the same server. */
function pageProtocol(): string | undefined {
  const [navigation] = globalThis.performance?.getEntriesByType?.('navigation') ?? [];
  return navigation === undefined ? undefined : (navigation as PerformanceNavigationTiming).nextHopProtocol;
}

/**
 * One client for the page; the user's key is looked up per request, so a key
 * saved in Settings applies at once. Each step first lets the page paint and
 * take keys (yield-before-step.ts): the loop runs on the page's thread. Every
 * run on the page shares its connections to the server (connection-budget.ts),
 * and over HTTP/1.1 one step stream for the answers of steps sent together
 * (a fan-out's children) and of those beyond four in flight.
 */
export function browserModelClient(): ModelStepClient {
  if (modelClient === undefined) {
    const budget = stepConnectionBudget(pageProtocol());
    // Over HTTP/1.1, a step sent alone goes on its own request while fewer than four do (the cheaper way);
    // steps sent together, a fan-out's children, go as one POST whose answers come on one step stream
    // (lib/model/client/step-stream.ts, lib/model/protocol/step-batch.ts): eight steps need not wait for six
    // connections, and the server pays its per-request cost once for them. The group ends at the next yield
    // to the main thread, which the children's own yields before their steps (yield-before-step.ts) were queued
    // ahead of. The budget holds only when the server cannot carry a stream.
    const proxy = createProxyModelClient({
      getApiKey: userApiKey,
      getAccessToken: userAccessToken,
      requestAccessToken,
      stepStream: budget !== undefined && { plainStepsFirst: PLAIN_STEPS_BESIDE_A_STREAM, batch: { nextTurn: yieldToMainThread } },
    });
    const client = yieldBeforeEachStep(proxy, yieldToMainThread);
    modelClient =
      budget === undefined || proxy.stepStream === undefined ? client : { ...client, connections: slotsUnlessStreaming(proxy.stepStream, createModelSlots(budget)) };
  }
  return modelClient;
}

/**
 * Shows what tools wrote: the workspace's own reload (new files in the tree,
 * changed files re-read unless they hold unsaved typing), for the project the
 * run belongs to only — the user may have switched projects meanwhile.
 */
export async function syncWorkspaceFromStorage(project: string, changedPaths: readonly string[] = []): Promise<void> {
  const workspace = useWorkspaceStore.getState();
  if (workspace.currentProject !== project) return;
  await workspace.reloadFromStorage(changedPaths);
}

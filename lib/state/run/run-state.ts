import type { ModelOption } from '@/lib/model/protocol/step-protocol';
import type { FormValue } from '@/lib/state/forms/schema-form-fields';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import type { RunEvent } from '@/lib/runtime/events';
import type { RunTree } from '@/lib/run-tree/reduce-run-events';
import type { JsonSchema } from '@/lib/json-schema/json-schema';
import type { Diagnostic } from '@/lib/worker/diagnostic';
import type { PendingApproval } from './approval-bridge';

/** What the run form needs to know of the project, re-read from storage as it changes. */
export interface ProjectRunInfo {
  project: string;
  entry: string;
  defaultModel?: string;
  /** The manifest's default input for the entry worker (llm-do's `entry.args`), as Run form text. */
  entryInput?: string;
  /** `model`: the worker's own frontmatter model, which wins over the run's (lib/runtime/model-resolution.ts). */
  workers: Array<{ name: string; path: string; description?: string; model?: string; inputSchema?: JsonSchema }>;
  diagnostics: Diagnostic[];
}

/** Problems found just before a run in the files of the worker being run; shown, never blocking. */
export interface RunPreflight {
  workerName: string;
  diagnostics: Diagnostic[];
}

/** How a run started from the form shows: its tab opens behind the file when the person is typing in the editor. */
export interface RunStartOptions {
  tabInBackground?: boolean;
}

export interface RunState {
  models: ModelOption[];
  serverDefaultModel: string | null;
  modelsError: string | null;
  /** The user's pick; null follows the project's default model. */
  chosenModel: string | null;
  projectInfo: ProjectRunInfo | null;
  /** The user's pick; null follows the project's entry worker. */
  chosenWorker: string | null;
  inputText: string;
  /** Keyed by the schema's property names, which the worker's author chooses ("constructor" included). */
  formValues: ReadonlyMap<string, FormValue>;
  formError: string | null;
  attachments: string[];
  tree: RunTree;
  /** Which project each run belongs to, so a project shows only its own runs (null-prototype: id-table.ts). */
  runProjects: Record<string, string>;
  /** Between Run and run-start: saving, reading the project. */
  preparing: boolean;
  running: boolean;
  activeRunId: string | null;
  pendingApprovals: PendingApproval[];
  preflight: RunPreflight | null;
  startError: string | null;
  /** Why runs could not be kept (storage full or unavailable); the run itself goes on. */
  archiveError: string | null;
  /**
   * The project's kept runs being read and reduced (a large record takes seconds, the page stays
   * usable): how far, 0 to 1; or cancelled by the person, who may open them again.
   */
  archiveReading: { project: string; status: 'reading'; fraction: number } | { project: string; status: 'cancelled' } | null;
  /** The run whose document should take the focus (a test case's), once it is shown. */
  revealedRunId: string | null;

  loadModels: () => Promise<void>;
  refreshProjectInfo: () => Promise<void>;
  chooseModel: (model: string) => void;
  chooseWorker: (worker: string) => void;
  setInputText: (text: string) => void;
  setFormValue: (field: string, value: FormValue) => void;
  toggleAttachment: (path: string) => void;
  run: (options?: RunStartOptions) => Promise<void>;
  /** Runs the worker of the open `.worker` tab (the form's worker when another kind of file is open). */
  runOpenWorker: (options?: RunStartOptions) => Promise<void>;
  /** Starts a run that continues an interrupted kept run from its record (lib/runtime/recorded-run). */
  resume: (runId: string) => Promise<void>;
  /**
   * Re-runs a kept run from one step of one of its worker calls, reusing the
   * recorded steps before it, with `model` (the form's model when absent) and
   * the workers as they are now.
   */
  fork: (request: { runId: string; callId: string; step: number; model?: string }) => Promise<void>;
  /** Replays a kept run offline in a new copy of the project as it started (lib/runtime/recorded-run). */
  replay: (runId: string) => Promise<void>;
  /** Replays the example's shipped recorded run: one click, no key, no network to a model. */
  replayExample: () => Promise<void>;
  stop: () => void;
  answerApproval: (approvalId: string, response: ApprovalResponse) => void;
  /** Adds the project's runs kept from earlier visits to the tree (once per project and page). */
  loadArchivedRuns: (project: string) => Promise<void>;
  /** Stops reading the kept runs; nothing is lost (they stay kept, and loadArchivedRuns reads them again). */
  cancelArchivedRuns: () => void;
  deleteRun: (runId: string) => Promise<void>;
  /**
   * A run started outside the Run form (a compared run, a test case) shows in the Runs
   * panel like any other run; it does not become the form's active run or fold the others.
   */
  addRunEvents: (project: string, events: readonly RunEvent[]) => void;
  /** Opens a run's tab and asks its document to take the focus. */
  revealRun: (runId: string) => void;
  revealDone: () => void;
  /** The run's file changes were undone from the history: its row says so, now and after a reload (RunNode.undoneAt, kept with the run). */
  markRunUndone: (runId: string) => Promise<void>;
}

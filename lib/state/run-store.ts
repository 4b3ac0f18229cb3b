import { create } from 'zustand';
import type { ModelOption } from '@/lib/model/step-protocol';
import { DEMO_MODEL_ID } from '@/lib/model/model-catalog';
import { fetchModelOptions } from '@/lib/model/proxy-client';
import { entryArgsInputText } from '@/lib/project/llm-do-manifest';
import type { LoadedProject } from '@/lib/project/analyze-project';
import { MANIFEST_FILE_NAME } from '@/lib/project/manifest-schema';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import type { RunEvent } from '@/lib/runtime/events';
import { EMPTY_RUN_TREE, reduceRunEvent, type RunTree } from '@/lib/runtime/reduce-run-events';
import type { ApprovalHandler } from '@/lib/runtime/approval-handler';
import { startRun } from '@/lib/runtime/run-session';
import { deriveFormFields, describeFormErrors, formValuesToInput, type FormField, type FormValue } from '@/lib/forms/schema-form-fields';
import type { JsonSchema } from '@/lib/runtime/typed-io/json-schema';
import type { Diagnostic } from '@/lib/worker/diagnostic';
import { browserPdfTextExtractor } from '@/lib/pdf/load-pdfjs-browser';
import {
  browserModelClient,
  createApprovalBridge,
  loadProjectForRun,
  projectSandbox,
  syncWorkspaceFromStorage,
  type ApprovalBridge,
  type PendingApproval,
} from './run-platform';
import { requestAccessToken } from './access-token-prompt';
import { treeFiles } from './read-project-tree';
import { userAccessToken } from './settings-store';
import { forgetRemovedProjectSessions, sessionFor } from './run-sessions';
import { keptRunArchive, mergeKeptRuns, readKeptRuns, withoutRun } from './run-archive/kept-runs';
import { createRunRecorder } from './run-archive/run-recorder';
import { fileToOpenAfterRun } from './open-after-run';
import { projectTrustFor } from './trust-store';
import { useWorkspaceStore } from './workspace-store';
import { commitPersonEdits, commitRunWrites } from './history-store';
import { recordWrites } from '@/lib/history/record-writes';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * The Run panel's state: model choices, the run form, the run tree (a pure
 * reduction of the runtime's events), the approval questions waiting for a
 * person, and the one AbortController of the run in progress. Runs and
 * "approve for this session" grants last as long as the page.
 */

/** What the run form needs to know of the project, re-read from storage as it changes. */
export interface ProjectRunInfo {
  project: string;
  entry: string;
  defaultModel?: string;
  /** The manifest's default input for the entry worker (llm-do's `entry.args`), as Run form text. */
  entryInput?: string;
  workers: Array<{ name: string; path: string; inputSchema?: JsonSchema }>;
  diagnostics: Diagnostic[];
}

/** Problems found just before a run in the files of the worker being run; shown, never blocking. */
export interface RunPreflight {
  workerName: string;
  diagnostics: Diagnostic[];
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
  /** Which project each run belongs to, so a project shows only its own runs. */
  runProjects: Record<string, string>;
  /** Runs the user opened or closed explicitly; otherwise the newest is open. */
  runExpanded: Record<string, boolean>;
  /** Between Run and run-start: saving, reading the project. */
  preparing: boolean;
  running: boolean;
  activeRunId: string | null;
  pendingApprovals: PendingApproval[];
  preflight: RunPreflight | null;
  startError: string | null;
  /** Why runs could not be kept (storage full or unavailable); the run itself goes on. */
  archiveError: string | null;

  loadModels: () => Promise<void>;
  refreshProjectInfo: () => Promise<void>;
  chooseModel: (model: string) => void;
  chooseWorker: (worker: string) => void;
  setInputText: (text: string) => void;
  setFormValue: (field: string, value: FormValue) => void;
  toggleAttachment: (path: string) => void;
  setRunExpanded: (runId: string, expanded: boolean) => void;
  run: () => Promise<void>;
  stop: () => void;
  answerApproval: (approvalId: string, response: ApprovalResponse) => void;
  /** The run the Runs panel should scroll to and focus (a failing test case's), once. */
  revealedRunId: string | null;
  /**
   * A run started outside the Run form (a test case) shows in the Runs panel like any
   * other run; it does not take the form's place as the active run or fold the others.
   */
  addRunEvent: (project: string, event: RunEvent) => void;
  /** Opens a run in the Runs panel and asks the panel to bring it into view. */
  revealRun: (runId: string) => void;
  revealDone: () => void;
  /** Adds the project's runs kept from earlier visits to the tree (once per project and page). */
  loadKeptRuns: (project: string) => Promise<void>;
  deleteRun: (runId: string) => Promise<void>;
}

/** The model a run uses when the user has not picked one. */
export function selectEffectiveModel(state: RunState): string {
  const known = (id: string | undefined | null) => (id && state.models.some((option) => option.id === id) ? id : null);
  return (
    known(state.chosenModel) ??
    known(state.projectInfo?.defaultModel) ??
    known(state.serverDefaultModel) ??
    state.chosenModel ??
    state.projectInfo?.defaultModel ??
    state.serverDefaultModel ??
    DEMO_MODEL_ID
  );
}

export function selectEffectiveWorker(state: RunState): string | null {
  const info = state.projectInfo;
  if (info === null) return state.chosenWorker;
  if (state.chosenWorker !== null && info.workers.some((worker) => worker.name === state.chosenWorker)) return state.chosenWorker;
  return info.entry;
}

export function selectInputSchema(state: RunState): JsonSchema | undefined {
  const name = selectEffectiveWorker(state);
  return state.projectInfo?.workers.find((worker) => worker.name === name)?.inputSchema;
}

/** What a form control shows before the user touches it: the schema's default, as the control's value. */
export function formDefaultValue(field: FormField): FormValue {
  const value = field.default;
  if (value === undefined) return undefined;
  if (field.kind === 'boolean') return value === true;
  if (field.kind === 'string-list' && Array.isArray(value)) return value.map(String);
  if (field.kind === 'json') return JSON.stringify(value, null, 2);
  return String(value);
}

/** The form's values with schema defaults for the fields the user left alone. */
function withDefaults(schema: JsonSchema, values: ReadonlyMap<string, FormValue>): ReadonlyMap<string, FormValue> {
  const merged = new Map(values);
  for (const field of deriveFormFields(schema)) {
    if (merged.get(field.name) === undefined) merged.set(field.name, formDefaultValue(field));
  }
  return merged;
}

/** What the run form asks for, as a run's input: the text, or the form's value for a worker with an input schema. */
export function selectRunInput(state: RunState): { ok: true; input: unknown } | { ok: false; error: string } {
  const schema = selectInputSchema(state);
  if (schema === undefined) return { ok: true, input: state.inputText };
  const converted = formValuesToInput(schema, withDefaults(schema, state.formValues));
  return converted.ok ? { ok: true, input: converted.input } : { ok: false, error: describeFormErrors(converted.errors) };
}

let controller: AbortController | null = null;
let bridge: ApprovalBridge | null = null;
/** The project of the run in progress, so deleting that project stops it. */
let runningProject: string | null = null;


function toRunInfo(project: string, loaded: LoadedProject): ProjectRunInfo {
  const pathOf = new Map<string, string>();
  for (const [path, name] of loaded.workerPaths) if (!pathOf.has(name)) pathOf.set(name, path);
  const workers = [...loaded.workers.keys()]
    .sort((left, right) => left.localeCompare(right))
    .map((name) => {
      const inputSchema = loaded.schemas.get(name)?.input;
      return { name, path: pathOf.get(name) ?? `${name}.worker`, ...(inputSchema === undefined ? {} : { inputSchema }) };
    });
  const entryInput = entryArgsInputText(loaded.manifest.entry_args);
  return {
    project,
    entry: loaded.manifest.entry,
    ...(loaded.manifest.default_model === undefined ? {} : { defaultModel: loaded.manifest.default_model }),
    ...(entryInput === undefined ? {} : { entryInput }),
    workers,
    diagnostics: loaded.diagnostics,
  };
}

/** A path a writing tool reports or was asked to write, for refreshing that file in the editor. */
export const useRunStore = create<RunState>((set, get) => ({
  models: [],
  serverDefaultModel: null,
  modelsError: null,
  chosenModel: null,
  projectInfo: null,
  chosenWorker: null,
  inputText: '',
  formValues: new Map(),
  formError: null,
  attachments: [],
  tree: EMPTY_RUN_TREE,
  runProjects: {},
  runExpanded: {},
  preparing: false,
  running: false,
  activeRunId: null,
  pendingApprovals: [],
  preflight: null,
  startError: null,
  archiveError: null,
  revealedRunId: null,

  loadModels: async () => {
    try {
      const { models, defaultModel } = await fetchModelOptions({ getAccessToken: userAccessToken, requestAccessToken });
      set({ models, serverDefaultModel: defaultModel, modelsError: null });
    } catch (error) {
      set({ modelsError: `Could not load the model list: ${errorMessage(error)}` });
    }
  },

  refreshProjectInfo: async () => {
    const { fileSystem, currentProject } = useWorkspaceStore.getState();
    if (fileSystem === null || currentProject === null) {
      set({ projectInfo: null });
      return;
    }
    try {
      const loaded = await loadProjectForRun(fileSystem, currentProject);
      if (useWorkspaceStore.getState().currentProject !== currentProject) return;
      const info = toRunInfo(currentProject, loaded);
      set((state) => {
        const changedProject = state.projectInfo?.project !== currentProject;
        return {
          projectInfo: info,
          ...(changedProject ? { chosenWorker: null, formValues: new Map(), formError: null, attachments: [], preflight: null, startError: null } : {}),
          // A newly opened project starts with the input its manifest gives (llm-do's entry.args).
          ...(changedProject && info.entryInput !== undefined ? { inputText: info.entryInput } : {}),
        };
      });
    } catch (error) {
      set({ startError: `Could not read the project: ${errorMessage(error)}` });
    }
  },

  chooseModel: (model) => set({ chosenModel: model }),
  chooseWorker: (worker) => set({ chosenWorker: worker, formValues: new Map(), formError: null, preflight: null }),
  setInputText: (text) => set({ inputText: text }),
  setFormValue: (field, value) => set((state) => ({ formValues: new Map(state.formValues).set(field, value), formError: null })),
  toggleAttachment: (path) =>
    set((state) => ({
      attachments: state.attachments.includes(path) ? state.attachments.filter((item) => item !== path) : [...state.attachments, path],
    })),
  setRunExpanded: (runId, expanded) => set((state) => ({ runExpanded: { ...state.runExpanded, [runId]: expanded } })),

  run: async () => {
    if (get().running || get().preparing) return;
    const workspace = useWorkspaceStore.getState();
    const { fileSystem, currentProject: project } = workspace;
    if (fileSystem === null || project === null) return;
    set({ preparing: true, startError: null, formError: null, preflight: null });

    // The run reads storage: unsaved editor text goes there first, then the project is read fresh.
    let loaded: LoadedProject;
    let saveProblem: string | null = null;
    try {
      await workspace.saveNow();
      saveProblem = useWorkspaceStore.getState().saveError;
      // The person's edits so far are their own commit, never part of the run's.
      await commitPersonEdits(fileSystem, project);
      loaded = await loadProjectForRun(fileSystem, project);
    } catch (error) {
      set({ preparing: false, startError: `Could not prepare the run: ${errorMessage(error)}` });
      return;
    }
    // Said plainly, and the run goes on with what is stored.
    if (saveProblem !== null) set({ startError: `Unsaved edits could not be saved (${saveProblem}); this run uses the files as last saved.` });
    const info = toRunInfo(project, loaded);
    set({ projectInfo: info });
    const state = get();
    const workerName = selectEffectiveWorker(state) ?? loaded.manifest.entry;
    const workerPath = info.workers.find((worker) => worker.name === workerName)?.path ?? [...loaded.workerPaths].find(([, name]) => name === workerName)?.[0];
    const blocking = loaded.diagnostics.filter(
      (diagnostic) => diagnostic.severity === 'error' && (diagnostic.file === workerPath || diagnostic.file === MANIFEST_FILE_NAME),
    );
    // Shown next to the run; the runtime still runs and reports its own error if it cannot.
    const preflight = blocking.length > 0 ? { workerName, diagnostics: blocking } : null;

    let input: unknown = state.inputText;
    const schema = info.workers.find((worker) => worker.name === workerName)?.inputSchema;
    if (schema !== undefined) {
      const converted = formValuesToInput(schema, withDefaults(schema, state.formValues));
      if (!converted.ok) {
        set({ preparing: false, preflight, formError: describeFormErrors(converted.errors) });
        return;
      }
      input = converted.input;
    }

    // A picked file deleted since is left out rather than failing the run.
    const existing = new Set(treeFiles(useWorkspaceStore.getState().tree).map((file) => file.path));
    const attachments = state.attachments.filter((path) => existing.has(path));
    const model = selectEffectiveModel(state);
    const supportsPdf = new Map(state.models.map((option) => [option.id, option.supportsPdf]));
    const abort = new AbortController();
    controller = abort;
    runningProject = project;
    bridge = createApprovalBridge((pending) => {
      if (controller === abort) set({ pendingApprovals: pending });
    });
    const approvals = bridge;
    const session = sessionFor(project);
    // The run's commit is made from exactly what it wrote (see lib/history).
    const recording = recordWrites(projectSandbox(fileSystem, project));
    const sandbox = recording.sandbox;
    // Each question carries what its tool shows and how it may be edited (the gate attaches it).
    const approvalHandler: ApprovalHandler = (request, signal) => approvals.handler(request, signal);
    set({ preparing: false, running: true, preflight, pendingApprovals: [] });

    const archive = keptRunArchive();
    const recorder = archive === null ? null : createRunRecorder(archive, project, (error) => set({ archiveError: `This run could not be kept for later: ${errorMessage(error)}` }));
    // What the run wrote so far, as last shown in the workspace: any tool that writes (no list of tool names).
    const shownWrites = new Map<string, Uint8Array | null>();
    let syncing: Promise<void> = Promise.resolve();
    let startedRunId: string | null = null;
    const sync = (paths: string[]) => {
      syncing = syncing.then(() => syncWorkspaceFromStorage(project, paths)).catch(() => undefined);
    };

    const onEvent = (event: RunEvent) => {
      if (event.type === 'run-start') startedRunId = event.runId;
      recorder?.record(event);
      // Each new run makes room within the archive's budget (oldest runs go first).
      if (event.type === 'run-start') void archive?.prune().catch(() => undefined);
      set((current) => {
        const tree = reduceRunEvent(current.tree, event);
        if (event.type !== 'run-start') return { tree };
        return {
          tree,
          activeRunId: event.runId,
          runProjects: { ...current.runProjects, [event.runId]: project },
          // The new run opens; the earlier ones fold away unless the user opened them.
          runExpanded: Object.fromEntries(Object.keys(current.runExpanded).map((runId) => [runId, false])),
        };
      });
      if (event.type === 'tool-result') {
        const changed = [...recording.writes].filter(([path, bytes]) => shownWrites.get(path) !== bytes);
        for (const [path, bytes] of changed) shownWrites.set(path, bytes);
        if (changed.length > 0) sync(changed.map(([path]) => path));
      }
    };

    let finishedRunId: string | null = null;
    try {
      const outcome = await startRun({
        project: loaded,
        // An imported project's own approve_all / pre_approved count only once the person trusts it.
        projectTrust: projectTrustFor(project),
        sandbox,
        workerName,
        input,
        attachments,
        model,
        modelClient: browserModelClient(),
        approvalHandler,
        onEvent,
        signal: abort.signal,
        // One session per project for the page: grants and created workers outlive a run.
        session,
        modelSupportsPdf: (id) => supportsPdf.get(id) ?? true,
        extractPdfText: browserPdfTextExtractor,
        recordStep: (step) => recorder?.recordStep(step),
      });
      finishedRunId = outcome.runId;
    } finally {
      approvals.clear();
      if (controller === abort) {
        controller = null;
        runningProject = null;
      }
      if (bridge === approvals) bridge = null;
      set({ running: false, pendingApprovals: [] });
      await recorder?.flush();
      // Whatever the run wrote (also through tools whose results we did not see) shows in the tree.
      sync([...recording.writes.keys()]);
      await syncing;
      if (startedRunId !== null) await commitRunWrites(fileSystem, project, { runId: startedRunId, entryWorker: workerName, model, writes: recording.writes });
    }
    // A completed run's deliverable (the entry worker's last written file) opens in the main pane.
    const deliverable = finishedRunId === null ? null : fileToOpenAfterRun(get().tree, finishedRunId);
    if (deliverable !== null && useWorkspaceStore.getState().currentProject === project) await useWorkspaceStore.getState().openFile(deliverable);
  },

  stop: () => {
    const abort = controller;
    if (abort === null) return;
    abort.abort();
    // The questions go at once; the runtime stops waiting on them by the same signal.
    bridge?.clear();
    set({ pendingApprovals: [] });
  },

  answerApproval: (approvalId, response) => {
    bridge?.answer(approvalId, response);
  },

  addRunEvent: (project, event) =>
    set((state) => ({
      tree: reduceRunEvent(state.tree, event),
      ...(event.type === 'run-start' ? { runProjects: { ...state.runProjects, [event.runId]: project }, runExpanded: { ...state.runExpanded, [event.runId]: false } } : {}),
    })),

  revealRun: (runId) => set((state) => ({ revealedRunId: runId, runExpanded: { ...state.runExpanded, [runId]: true } })),
  revealDone: () => set({ revealedRunId: null }),

  loadKeptRuns: async (project) => {
    const archive = keptRunArchive();
    if (archive === null || keptRunsLoaded.has(project)) return;
    keptRunsLoaded.add(project);
    try {
      const kept = await readKeptRuns(archive, project, new Set(Object.keys(get().tree.runs)));
      set((state) => ({
        tree: mergeKeptRuns(state.tree, kept),
        runProjects: { ...Object.fromEntries(kept.runOrder.map((runId) => [runId, project])), ...state.runProjects },
      }));
    } catch (error) {
      keptRunsLoaded.delete(project);
      set({ archiveError: `Could not read the runs kept for "${project}": ${errorMessage(error)}` });
    }
  },

  deleteRun: async (runId) => {
    if (get().activeRunId === runId && get().running) return;
    set((state) => {
      const runProjects = { ...state.runProjects };
      delete runProjects[runId];
      return { tree: withoutRun(state.tree, runId), runProjects };
    });
    try {
      await keptRunArchive()?.deleteRun(runId);
    } catch (error) {
      set({ archiveError: `Could not delete the kept run: ${errorMessage(error)}` });
    }
  },
}));

/** Projects whose kept runs this page has read already. */
const keptRunsLoaded = new Set<string>();

/**
 * Deleting the project of a run stops the run: otherwise it keeps calling the
 * model, its questions stay on screen, and its tools write files that bring
 * the deleted project back. Deleting the open project first closes it, then
 * removes it from the list; either is the cue.
 */
useWorkspaceStore.subscribe((state, previous) => {
  forgetRemovedProjectSessions(previous.projects, state.projects);
  if (state.currentProject !== null && state.currentProject !== previous.currentProject) void useRunStore.getState().loadKeptRuns(state.currentProject);
  // A deleted project's runs go with it (a new project of the same name starts with none).
  for (const removed of previous.projects.filter((name) => !state.projects.includes(name))) {
    keptRunsLoaded.delete(removed);
    void keptRunArchive()?.deleteProject(removed).catch(() => undefined);
    const runs = useRunStore.getState();
    for (const [runId, project] of Object.entries(runs.runProjects)) if (project === removed && runId !== runs.activeRunId) void runs.deleteRun(runId);
  }
  const project = runningProject;
  if (project === null || controller === null) return;
  const closedByDelete = previous.currentProject === project && state.currentProject === null;
  if (closedByDelete || (previous.projects.includes(project) && !state.projects.includes(project))) useRunStore.getState().stop();
});

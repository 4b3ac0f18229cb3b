import type { ApprovalPolicy, WorkerDefinition } from '@/lib/worker/worker-schema';
import type { FileSystem } from '@/lib/vfs/file-system';
import type { ProjectManifest } from '@/lib/project/manifest-schema';
import type { RunSession } from '@/lib/runtime/run-session';
import type { AttachmentInput } from '@/lib/runtime/attachments/load-attachments';
import type { ApprovalEditOutcome, ApprovalPresentation } from '@/lib/runtime/toolsets/tool-approval';

/**
 * A toolset provides tools; a tool is a schema plus an `execute`. The loop never
 * sees `execute`: tools reach it only through the approval gate
 * (approval-gate.ts), which is the one place that runs them.
 */
export interface RuntimeTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments; checked before the approval gate asks anyone. */
  inputSchema: Record<string, unknown>;
  defaultApproval: ApprovalPolicy;
  /** Runs alone, in the order the model asked, instead of alongside the step's other calls. */
  sequential?: boolean;
  /**
   * Set on tools that run another worker: which one, and whether files go
   * along, so the project's agent-call approval settings (llm-do's
   * `agent_calls_require_approval` and friends) apply to the call.
   */
  agentCall?(args: unknown): AgentCallTarget;
  /**
   * How an approval question shows this call and how a person may edit it.
   * Absent: one editable field per argument (schema-fields-approval.ts).
   */
  approval?: ToolApproval;
  execute(args: unknown, context: ToolContext): Promise<unknown>;
  /**
   * For a run that follows a record (resume): re-establishes what a recorded
   * call left outside the files, without running it again (worker_create
   * registers its worker in the session). Tools whose effects are all in the
   * files need none.
   */
  restore?(args: unknown, result: unknown, context: ToolContext): Promise<void>;
}

export interface AgentCallTarget {
  agent: string;
  hasAttachments: boolean;
}

export interface Toolset {
  /** The key in a worker's `toolsets` frontmatter; its `approvals` overrides apply to these tools. */
  name: string;
  tools: RuntimeTool[];
}

/** How a tool asks for a worker to be run (same semantics as an entry run, depth + 1). */
export interface ChildWorkerRequest {
  worker: WorkerDefinition;
  /** Text, or for a worker with an input schema the value (or JSON text) to check against it. */
  input: unknown;
  instructions?: string;
  /** Project-relative paths, or slot references ({ path, slot }). */
  attachments?: readonly AttachmentInput[];
}

/**
 * What this worker's `read_file` policy says about reading a path, without
 * asking anyone: allowed (pre-approved, or granted for the session), asked
 * (the person would be asked), or refused (no filesystem toolset, blocked,
 * reject_all) with the reason in words.
 */
export type FileReadAccess = { kind: 'allowed' } | { kind: 'ask' } | { kind: 'refused'; why: string };

/**
 * Why a tool hands a file's contents to a model other than by read_file:
 * `pass` (an attachment for another worker), `schema` (a schema file of a
 * worker being created, which goes into the creator's next request).
 */
export type FileReadPurpose = 'pass' | 'schema';

export interface ToolContext {
  runId: string;
  /** The worker call whose model asked for this tool. */
  callId: string;
  workerName: string;
  depth: number;
  toolCallId: string;
  /** The project sandbox: project-relative paths, escapes refused. */
  sandbox: FileSystem;
  signal: AbortSignal;
  /** The project's manifest (e.g. generated_workers_dir for dynamic workers). */
  manifest: ProjectManifest;
  /** Session state: approval grants and the workers created in this session. */
  session: RunSession;
  /** Looks a worker up by name: the project's first, then this session's dynamic workers. */
  findWorker(name: string): WorkerDefinition | undefined;
  /** Runs a worker as a child of this call; resolves to its output, rejects with a RunError. */
  callWorker(request: ChildWorkerRequest): Promise<unknown>;
  /** This worker's read policy for a path (approval-gate.ts), asking nobody. */
  fileReadAccess(path: string): FileReadAccess;
  /**
   * Using a file's contents other than by read_file needs what reading it
   * needs: resolves when this worker may read it, asks the person (a read_file
   * question on this tool call) where reading would ask, throws a RunError
   * where it is refused or denied.
   */
  authorizeFileRead(path: string, purpose: FileReadPurpose): Promise<void>;
}

export interface ToolApproval {
  /** The question's fields for these arguments (may read the sandbox, e.g. the file a write replaces). */
  present(args: unknown, context: ToolContext): Promise<ApprovalPresentation>;
  /**
   * Arguments from the person's edited field values, checked by the tool's own
   * rules (the gate checks the input schema on top). Never throws: a bad edit
   * is an outcome the question shows before anything runs.
   */
  edit(args: unknown, values: Readonly<Record<string, string>>, context: ToolContext): Promise<ApprovalEditOutcome>;
}

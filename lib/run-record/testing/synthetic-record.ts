import { zlibSync } from 'fflate';
import { encodeBase64Url } from '@/lib/encoding/base64';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { RUN_RECORD_FORMAT, RUN_RECORD_VERSION } from '../run-record';

/**
 * Hand-built run records for the hostile-record tests, the e2e specs and the
 * bench: a root worker call that calls `calls` child workers, one tool call
 * each (4 events a child), in a two-file project. Ids can be chosen (to plant
 * `__proto__` and friends), and one tool call's arguments can be replaced by
 * raw JSON text (20,000 nested arrays) that JSON.stringify could not write.
 */
export interface SyntheticRecordOptions {
  calls: number;
  runId?: string;
  projectName?: string;
  /** The root call's id; the child calls' ids (default `call-<n>`); the tool calls' ids (default `tool-<n>`). */
  rootCallId?: string;
  childCallId?: (index: number) => string;
  toolCallId?: (index: number) => string;
  workerName?: string;
}

/** The placeholder in the payload's JSON text that `withRawArguments` replaces. */
const RAW_MARKER = '"__raw_arguments__"';

export function syntheticRecordPayload(options: SyntheticRecordOptions) {
  const runId = options.runId ?? 'run-synthetic';
  const rootCallId = options.rootCallId ?? 'call-root';
  const workerName = options.workerName ?? 'main';
  const childId = options.childCallId ?? ((index: number) => `call-${index}`);
  const toolId = options.toolCallId ?? ((index: number) => `tool-${index}`);
  const usage = { inputTokens: 10, outputTokens: 5 };
  let timestamp = 1_700_000_000_000;
  const at = () => (timestamp += 1);
  const root = { runId, callId: rootCallId, parentCallId: null, workerName, depth: 0 };
  const events: unknown[] = [
    { ...root, type: 'run-start', timestamp: at(), input: 'go', model: 'demo:model' },
    { ...root, type: 'worker-start', timestamp: at(), model: 'demo:model', input: 'go', attachments: [] },
  ];
  for (let index = 0; index < options.calls; index += 1) {
    const toolCallId = toolId(index);
    const callId = childId(index);
    const child = { runId, callId, parentCallId: rootCallId, workerName: 'helper', depth: 1 };
    events.push(
      { ...root, type: 'tool-call', timestamp: at(), toolCallId, toolName: 'helper', args: index === 0 ? RAW_MARKER_VALUE : { n: index } },
      { ...child, type: 'worker-start', timestamp: at(), model: 'demo:model', input: { n: index }, attachments: [], parentToolCallId: toolCallId },
      { ...child, type: 'worker-end', timestamp: at(), status: 'completed', output: `done ${index}`, usage, durationMs: 1 },
      { ...root, type: 'tool-result', timestamp: at(), toolCallId, toolName: 'helper', result: `done ${index}` },
    );
  }
  events.push(
    { ...root, type: 'worker-end', timestamp: at(), status: 'completed', output: 'all done', usage, durationMs: timestamp - 1_700_000_000_000 },
    { ...root, type: 'run-end', timestamp: at(), output: 'all done', durationMs: timestamp - 1_700_000_000_000 },
  );
  return {
    format: RUN_RECORD_FORMAT,
    version: RUN_RECORD_VERSION,
    recordedWith: 'test',
    runId,
    projectName: options.projectName ?? 'synthetic',
    projectAtStart: {
      source: { kind: 'snapshot' as const },
      files: [
        { path: 'project.json', text: `${JSON.stringify({ name: options.projectName ?? 'synthetic', entry: 'main' }, null, 2)}\n` },
        { path: 'main.worker', text: '---\nname: main\ndescription: Entry worker.\n---\nDo it.\n' },
      ],
    },
    events,
    steps: [] as unknown[],
  };
}

/** The first tool call's arguments, until withRawArguments replaces them. */
const RAW_MARKER_VALUE = JSON.parse(RAW_MARKER) as string;

/** The payload's JSON text with the first tool call's arguments replaced by `argumentsJson` (any JSON text). */
export function withRawArguments(payload: unknown, argumentsJson: string): string {
  const text = JSON.stringify(payload);
  const at = text.indexOf(RAW_MARKER);
  if (at < 0) throw new Error('the payload has no tool call to replace');
  return `${text.slice(0, at)}${argumentsJson}${text.slice(at + RAW_MARKER.length)}`;
}

/** A "#wbrun2=…" fragment around a payload's JSON text, as lib/share/compressed-fragment.ts writes it. */
export function runLinkFromText(jsonText: string): string {
  const body = encodeBase64Url(zlibSync(encodeUtf8(jsonText), { level: 9 }));
  return `#wbrun${RUN_RECORD_VERSION}=${body.length}.${body}`;
}

/** The link: under 1 KB, a tool call whose arguments nest `depth` arrays deep. */
export function deeplyNestedRunLink(depth = 20_000): string {
  return runLinkFromText(withRawArguments(syntheticRecordPayload({ calls: 1 }), `${'['.repeat(depth)}${']'.repeat(depth)}`));
}

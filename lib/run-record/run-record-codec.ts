import { decodeBase64, encodeBase64 } from '@/lib/encoding/base64';
import { errorMessage } from '@/lib/errors/error-message';
import { checkJsonBounds, parseBoundedJson } from '@/lib/security/bounded-json';
import { RUN_RECORD_JSON_LIMITS } from '@/lib/security/json-limits';
import { isBinaryFile } from '@/lib/share/file-kind';
import { checkSharedProject } from '@/lib/share/project-checks';
import { describePayloadIssue } from '@/lib/share/share-payload';
import { quoteForMessage } from '@/lib/share/share-result';
import { decodeUtf8Strict, encodeUtf8 } from '@/lib/vfs/utf8';
import { READ_RUN_RECORD_VERSIONS, RUN_RECORD_FORMAT, RUN_RECORD_VERSION, type RunRecord, type RunRecordFile } from './run-record';
import { runRecordPayloadSchema, type RunRecordPayload } from './run-record-schema';
import { MAX_RECORD_EVENTS, MAX_RECORD_MESSAGES, MAX_RECORD_STEPS, MAX_RECORD_TEXT_LENGTH } from './run-record-limits';
import { decodeSteps, encodeStepList } from './step-deltas';

/**
 * A run record as JSON (the .run.json file, and the payload of a run link) and
 * back. Reading is fed untrusted input: it is bounded before parsing, every
 * part is checked (run-record-schema.ts), the files pass the same checks as an
 * imported project (paths inside the project, no duplicates, sizes), and the
 * events and steps must all belong to the record's run. Failures are values
 * with a sentence that says what is wrong and where; reading never throws.
 */
export type RunRecordResult = { ok: true; record: RunRecord } | { ok: false; message: string };

export interface RunRecordPayloadOptions {
  /** Binary files (PDFs) make links long: left out unless asked for, and listed as missing. */
  includeBinary: boolean;
}

export function toRunRecordPayload(record: RunRecord, options: RunRecordPayloadOptions = { includeBinary: true }): RunRecordPayload {
  const missing = [...(record.projectAtStart.missingFiles ?? [])];
  const files: RunRecordPayload['projectAtStart']['files'] = [];
  for (const file of record.projectAtStart.files) {
    if (!isBinaryFile(file.path, file.data)) files.push({ path: file.path, text: decodeUtf8Strict(file.data, file.path) });
    else if (options.includeBinary) files.push({ path: file.path, base64: encodeBase64(file.data) });
    else missing.push(file.path);
  }
  return {
    format: RUN_RECORD_FORMAT,
    version: RUN_RECORD_VERSION,
    recordedWith: record.recordedWith,
    runId: record.runId,
    projectName: record.projectName,
    projectAtStart: { source: record.projectAtStart.source, files, ...(missing.length === 0 ? {} : { missingFiles: missing }) },
    events: record.events as RunRecordPayload['events'],
    steps: encodeStepList(record.steps) as RunRecordPayload['steps'],
  };
}

/** The .run.json file's text. */
export function serializeRunRecord(record: RunRecord): string {
  return `${JSON.stringify(toRunRecordPayload(record), null, 1)}\n`;
}

/** Reads a .run.json file's text. */
export function parseRunRecordText(text: string): RunRecordResult {
  if (text.length > MAX_RECORD_TEXT_LENGTH) {
    return { ok: false, message: `This run record is larger than ${MAX_RECORD_TEXT_LENGTH / (1024 * 1024)} MiB, more than Workerbench reads.` };
  }
  const parsed = parseBoundedJson(text, RUN_RECORD_JSON_LIMITS, 'this run record');
  if (!parsed.ok) return { ok: false, message: parsed.limit === 'syntax' ? parsed.message.replace(/^This run record is/, 'This is not a run record: it is') : parsed.message };
  return readBoundedPayload(parsed.value);
}

/** Checks a parsed payload (from a file or a link) and turns it into a record. */
export function runRecordFromPayload(parsed: unknown): RunRecordResult {
  // Bounded before the schema or anything else walks it: depth, values and text (bounded-json.ts).
  const bounds = checkJsonBounds(parsed, RUN_RECORD_JSON_LIMITS, 'this run record');
  if (!bounds.ok) return { ok: false, message: bounds.message };
  return readBoundedPayload(parsed);
}

/** A payload that passed checkJsonBounds. */
function readBoundedPayload(parsed: unknown): RunRecordResult {
  try {
    return fromPayloadUnsafe(parsed);
  } catch (error) {
    return { ok: false, message: `This run record could not be read (${errorMessage(error)}).` };
  }
}

function fromPayloadUnsafe(parsed: unknown): RunRecordResult {
  if (typeof parsed !== 'object' || parsed === null || (parsed as { format?: unknown }).format !== RUN_RECORD_FORMAT) {
    return { ok: false, message: 'This is not a Workerbench run record.' };
  }
  const version = (parsed as { version?: unknown }).version;
  if (typeof version !== 'number' || !(READ_RUN_RECORD_VERSIONS as readonly number[]).includes(version)) {
    const newer = typeof version === 'number' && version > RUN_RECORD_VERSION;
    return {
      ok: false,
      message: `This run record has format version ${quoteForMessage(String(version))}; this Workerbench reads version ${READ_RUN_RECORD_VERSIONS.join(' and ')}.${newer ? ' It was probably made by a newer Workerbench: update and try again.' : ''}`,
    };
  }
  // Counted before the schema so a huge record is refused with a count, not after checking each part.
  const { events, steps } = parsed as { events?: unknown; steps?: unknown };
  if (Array.isArray(events) && events.length > MAX_RECORD_EVENTS) return { ok: false, message: `This run record has ${events.length} events; at most ${MAX_RECORD_EVENTS} are read.` };
  if (Array.isArray(steps) && steps.length > MAX_RECORD_STEPS) return { ok: false, message: `This run record has ${steps.length} model steps; at most ${MAX_RECORD_STEPS} are read.` };

  const checked = runRecordPayloadSchema.safeParse(parsed);
  if (!checked.success) return { ok: false, message: `This run record is damaged: ${describePayloadIssue(checked.error)}.` };
  const payload = checked.data;

  const foreignEvent = payload.events.findIndex((event) => event.runId !== payload.runId);
  if (foreignEvent >= 0) return { ok: false, message: `This run record is damaged: events[${foreignEvent}] belongs to another run.` };
  const foreignStep = payload.steps.findIndex((step) => step.runId !== payload.runId);
  if (foreignStep >= 0) return { ok: false, message: `This run record is damaged: steps[${foreignStep}] belongs to another run.` };
  if (payload.events[0]?.type !== 'run-start') return { ok: false, message: 'This run record is damaged: it does not begin with the start of its run.' };
  const deltaStep = payload.version === 1 ? payload.steps.findIndex((step) => step.sharedMessages !== undefined || step.sharedTools || step.sharedSystem) : -1;
  if (deltaStep >= 0) return { ok: false, message: `This run record is damaged: steps[${deltaStep}] shares parts with the step before it, which version 1 records never do.` };
  let wholeSteps: RunRecord['steps'];
  try {
    wholeSteps = decodeSteps(payload.steps as Parameters<typeof decodeSteps>[0], { maxMessages: MAX_RECORD_MESSAGES });
  } catch (error) {
    return { ok: false, message: `This run record is damaged: ${errorMessage(error)}.` };
  }

  const files: RunRecordFile[] = [];
  for (const [index, file] of payload.projectAtStart.files.entries()) {
    if ('text' in file) {
      files.push({ path: file.path, data: encodeUtf8(file.text) });
      continue;
    }
    const bytes = decodeBase64(file.base64);
    if (bytes === null) return { ok: false, message: `This run record is damaged: projectAtStart.files[${index}] (${quoteForMessage(file.path)}) is not valid base64.` };
    files.push({ path: file.path, data: bytes });
  }
  // The same checks as any imported project: canonical paths inside it, no duplicates, bounded size.
  const project = checkSharedProject(payload.projectName, files);
  if (!project.ok) return { ok: false, message: `The project in this run record cannot be opened: ${project.error.message}` };

  return {
    ok: true,
    record: {
      format: RUN_RECORD_FORMAT,
      version: RUN_RECORD_VERSION,
      recordedWith: payload.recordedWith,
      runId: payload.runId,
      projectName: payload.projectName,
      projectAtStart: {
        source: payload.projectAtStart.source,
        files: project.project.files.map((file) => ({ path: file.path, data: typeof file.data === 'string' ? encodeUtf8(file.data) : file.data })),
        ...(payload.projectAtStart.missingFiles === undefined ? {} : { missingFiles: payload.projectAtStart.missingFiles }),
      },
      events: payload.events as RunRecord['events'],
      steps: wholeSteps,
    },
  };
}

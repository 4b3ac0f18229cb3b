import { describe, expect, it } from 'vitest';
import { buildWorkerToolSchema, createWorkerToolset } from '@/lib/runtime/toolsets/worker-toolset';
import { createScriptedModel } from '@/lib/runtime/testing/scripted-model';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testWorker } from '@/lib/runtime/testing/test-project';

const evaluator = testWorker('pitch_evaluator', { description: 'Evaluates one PDF pitch deck and returns a scored report.' });
const summarizer = testWorker('summarizer');

describe('WorkerToolset adapter', () => {
  it('exposes each allowed worker as one tool named after it, plus call_worker', () => {
    const toolset = createWorkerToolset([{ worker: evaluator }, { worker: summarizer }]);
    expect(toolset.name).toBe('workers');
    expect(toolset.tools.map(({ name, description, inputSchema, defaultApproval }) => ({ name, description, inputSchema, defaultApproval })))
      .toMatchInlineSnapshot(`
        [
          {
            "defaultApproval": "pre_approved",
            "description": "Evaluates one PDF pitch deck and returns a scored report.",
            "inputSchema": {
              "additionalProperties": false,
              "properties": {
                "attachments": {
                  "description": "Project-relative paths of files to hand to the worker, e.g. "input/deck.pdf".",
                  "items": {
                    "type": "string",
                  },
                  "type": "array",
                },
                "input": {
                  "description": "What worker "pitch_evaluator" should work on: the task, question or text to process.",
                  "type": "string",
                },
                "instructions": {
                  "description": "Optional extra instructions for this call, added to the worker's own.",
                  "type": "string",
                },
              },
              "required": [
                "input",
              ],
              "type": "object",
            },
            "name": "pitch_evaluator",
          },
          {
            "defaultApproval": "pre_approved",
            "description": "Runs worker "summarizer".",
            "inputSchema": {
              "additionalProperties": false,
              "properties": {
                "attachments": {
                  "description": "Project-relative paths of files to hand to the worker, e.g. "input/deck.pdf".",
                  "items": {
                    "type": "string",
                  },
                  "type": "array",
                },
                "input": {
                  "description": "What worker "summarizer" should work on: the task, question or text to process.",
                  "type": "string",
                },
                "instructions": {
                  "description": "Optional extra instructions for this call, added to the worker's own.",
                  "type": "string",
                },
              },
              "required": [
                "input",
              ],
              "type": "object",
            },
            "name": "summarizer",
          },
          {
            "defaultApproval": "pre_approved",
            "description": "Run one of the allowed workers by name. Prefer the worker's own tool when there is one. Allowed workers:
        - pitch_evaluator: Evaluates one PDF pitch deck and returns a scored report.
        - summarizer: Runs worker "summarizer".",
            "inputSchema": {
              "additionalProperties": false,
              "properties": {
                "attachments": {
                  "description": "Project-relative paths of files to hand to the worker, e.g. "input/deck.pdf".",
                  "items": {
                    "type": "string",
                  },
                  "type": "array",
                },
                "input": {
                  "description": "The task for the worker as text; for a worker with an input schema, JSON text matching that schema.",
                  "type": "string",
                },
                "instructions": {
                  "description": "Optional extra instructions for this call, added to the worker's own.",
                  "type": "string",
                },
                "worker": {
                  "description": "Name of the worker to run.",
                  "enum": [
                    "pitch_evaluator",
                    "summarizer",
                  ],
                  "type": "string",
                },
              },
              "required": [
                "worker",
              ],
              "type": "object",
            },
            "name": "call_worker",
          },
        ]
      `);
  });

  it('shapes a worker tool from its attachment policy and schemas', () => {
    const shaped = testWorker('scorer', {
      description: 'Scores a deck.',
      attachment_policy: { max_attachments: 1, allowed_suffixes: ['.pdf'], required: true },
    });
    const schema = buildWorkerToolSchema(shaped, { outputSchema: { type: 'object', properties: { score: { type: 'number' } } } });
    expect(schema.inputSchema).toMatchObject({
      properties: { attachments: { type: 'array', minItems: 1 } },
      required: ['attachments'],
    });
    expect(schema.description).toContain('Scores a deck.');
    expect(schema.description).toContain('Returns JSON');
  });

  it('has no tools without allowed workers', () => {
    expect(createWorkerToolset([]).tools).toEqual([]);
  });

  it('sends the tools to the model and runs the named worker and call_worker the same way', async () => {
    const scripted = createScriptedModel({
      main: [
        {
          toolCalls: [
            { id: 'named', toolName: 'pitch_evaluator', input: { input: 'deck one' } },
            { id: 'generic', toolName: 'call_worker', input: { worker: 'pitch_evaluator', input: 'deck two' } },
          ],
        },
        { text: 'done' },
      ],
      pitch_evaluator: [{ text: 'score 1' }, { text: 'score 2' }],
    });
    const project = testProject([testWorker('main', { toolsets: { workers: { allowed_workers: ['pitch_evaluator'] } } }), evaluator]);
    const { events } = await runProject({ project, client: scripted.client });
    expect(scripted.requests[0]!.options.tools?.map((definition) => definition.name)).toEqual(['pitch_evaluator', 'call_worker']);
    const children = eventsOfType(events, 'worker-start').filter((event) => event.depth === 1);
    expect(children.map((event) => [event.workerName, event.parentToolCallId, event.input]).sort()).toEqual([
      ['pitch_evaluator', 'generic', 'deck two'],
      ['pitch_evaluator', 'named', 'deck one'],
    ]);
  });

  it('call_worker refuses a worker outside allowed_workers before running anything', async () => {
    const scripted = createScriptedModel({
      main: [{ toolCalls: [{ toolName: 'call_worker', input: { worker: 'summarizer', input: 'x' } }] }, { text: 'done' }],
    });
    const project = testProject([testWorker('main', { toolsets: { workers: { allowed_workers: ['pitch_evaluator'] } } }), evaluator, summarizer]);
    const { events } = await runProject({ project, client: scripted.client });
    expect(eventsOfType(events, 'worker-start')).toHaveLength(1);
    expect(eventsOfType(events, 'tool-error')[0]!.error.code).toBe('invalid_arguments');
  });

  it('a tool-name clash is an error before the run makes any model request', async () => {
    const scripted = createScriptedModel({ main: [{ text: 'never' }] });
    const clashing = testWorker('read_file');
    const project = testProject([
      testWorker('main', { toolsets: { workers: { allowed_workers: ['helper'] } } }),
      // The clash sits one level down: still found before the run starts.
      testWorker('helper', { toolsets: { filesystem: {}, workers: { allowed_workers: ['read_file'] } } }),
      clashing,
    ]);
    const { outcome, events } = await runProject({ project, client: scripted.client });
    expect(outcome).toMatchObject({
      status: 'failed',
      error: {
        code: 'tool_name_clash',
        message:
          'Worker helper has two tools named "read_file" (from the filesystem and workers toolsets); rename the worker or remove one of them.',
        location: 'helper.worker',
      },
    });
    expect(scripted.requests).toHaveLength(0);
    expect(events.map((event) => event.type)).toEqual(['run-start', 'run-error']);
  });

  it('a missing allowed worker is an error before the run starts', async () => {
    const scripted = createScriptedModel({ main: [{ text: 'never' }] });
    const project = testProject([testWorker('main', { toolsets: { workers: { allowed_workers: ['ghost'] } } })]);
    const { outcome } = await runProject({ project, client: scripted.client });
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'unknown_worker', location: 'main.worker' } });
    expect(scripted.requests).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import { ModelStepError } from '@/lib/model/protocol/model-step-error';
import type { ModelStepClient } from '@/lib/model/protocol/step-protocol';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testWorker } from '@/lib/runtime/testing/test-project';

/** A transport that fails before its first event, as the proxy client does on a non-2xx answer. */
function failingClient(error: ModelStepError): ModelStepClient {
  return {
    // eslint-disable-next-line require-yield
    async *step() {
      throw error;
    },
  };
}

describe('a model step that fails before its first event', () => {
  it('fails the worker with model_error naming the model and the proxy code, like a failure mid-stream', async () => {
    const client = failingClient(new ModelStepError({ code: 'unauthorized', message: 'No API key for OpenAI: add your own key in Settings.' }));
    const { outcome, events } = await runProject({ project: testProject([testWorker('main')]), client });
    expect(outcome).toMatchObject({
      status: 'failed',
      error: {
        code: 'model_error',
        message: 'The model mock:model failed (unauthorized): No API key for OpenAI: add your own key in Settings.',
        location: 'worker main (depth 0), step 1',
      },
    });
    expect(eventsOfType(events, 'worker-end')[0]).toMatchObject({ status: 'failed', error: { code: 'model_error' } });
  });
});

describe('events the loop does not know', () => {
  it('are skipped (a newer proxy may send more), not turned into a crash of the run', async () => {
    const client: ModelStepClient = {
      async *step() {
        yield { type: 'text-delta', text: 'hello' };
        yield { type: 'reasoning-delta', text: 'hmm' } as never;
        yield { type: 'finish', finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 } };
      },
    };
    const { outcome } = await runProject({ project: testProject([testWorker('main')]), client });
    expect(outcome).toMatchObject({ status: 'completed', output: 'hello' });
  });
});

describe('tool-call ids a model reuses across steps', () => {
  it('are made unique within the worker call, in the events and in the conversation sent back', async () => {
    const requests: unknown[][] = [];
    let step = 0;
    const client: ModelStepClient = {
      async *step(request) {
        requests.push(request.messages);
        step += 1;
        if (step <= 2) {
          yield { type: 'tool-call', toolCallId: 'call_0', toolName: 'list_files', input: {} };
          yield { type: 'finish', finishReason: 'tool-calls', usage: { inputTokens: 1, outputTokens: 1 } };
        } else {
          yield { type: 'text-delta', text: 'done' };
          yield { type: 'finish', finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 } };
        }
      },
    };
    const project = testProject([testWorker('main', { toolsets: { filesystem: {} } })]);
    const { outcome, events } = await runProject({ project, client });
    expect(outcome).toMatchObject({ status: 'completed', output: 'done' });
    expect(eventsOfType(events, 'tool-call').map((event) => event.toolCallId)).toEqual(['call_0', 'call_0~2']);
    expect(eventsOfType(events, 'tool-result').map((event) => event.toolCallId)).toEqual(['call_0', 'call_0~2']);
    const lastConversation = JSON.stringify(requests[2]);
    expect(lastConversation.match(/call_0~2/g)).toHaveLength(2);
  });
});

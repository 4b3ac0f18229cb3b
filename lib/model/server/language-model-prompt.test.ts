import { describe, expect, it } from 'vitest';
import type { ModelMessage } from 'ai';
import { PromptConversionError, toFunctionTools, toLanguageModelPrompt } from './language-model-prompt';

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('toLanguageModelPrompt', () => {
  it('puts the instructions first, makes string contents text parts and drops empty text', () => {
    const prompt = toLanguageModelPrompt('You are main.', [
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: [{ type: 'text', text: '' }, { type: 'text', text: 'Hi' }] },
      { role: 'user', content: [{ type: 'text', text: '' }, { type: 'text', text: 'More' }] },
    ]);
    expect(prompt).toEqual([
      { role: 'system', content: 'You are main.' },
      { role: 'user', content: [{ type: 'text', text: 'Hello' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hi' }] },
      { role: 'user', content: [{ type: 'text', text: 'More' }] },
    ]);
    expect(toLanguageModelPrompt(undefined, [{ role: 'user', content: 'x' }])[0]!.role).toBe('user');
  });

  it('keeps tool calls and their results, merging consecutive tool messages', () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'List twice.' },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 't1', toolName: 'list_files', input: { path: '.' } },
          { type: 'tool-call', toolCallId: 't2', toolName: 'list_files', input: {} },
        ],
      },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 't1', toolName: 'list_files', output: { type: 'text', value: 'a.md' } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 't2', toolName: 'list_files', output: { type: 'json', value: ['b.md'] } }] },
    ];
    const prompt = toLanguageModelPrompt('s', messages);
    expect(prompt).toHaveLength(4);
    expect(prompt[2]).toEqual({ role: 'assistant', content: [
      { type: 'tool-call', toolCallId: 't1', toolName: 'list_files', input: { path: '.' } },
      { type: 'tool-call', toolCallId: 't2', toolName: 'list_files', input: {} },
    ] });
    expect(prompt[3]).toEqual({ role: 'tool', content: [
      { type: 'tool-result', toolCallId: 't1', toolName: 'list_files', output: { type: 'text', value: 'a.md' } },
      { type: 'tool-result', toolCallId: 't2', toolName: 'list_files', output: { type: 'json', value: ['b.md'] } },
    ] });
  });

  it('refuses a conversation that goes on while a tool call has no result', () => {
    const unanswered: ModelMessage[] = [
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 't1', toolName: 'read_file', input: {} }] },
      { role: 'user', content: 'And?' },
    ];
    expect(() => toLanguageModelPrompt('s', unanswered)).toThrow(PromptConversionError);
    expect(() => toLanguageModelPrompt('s', unanswered.slice(0, 1))).toThrow(/t1/);
  });

  it('sends files as file parts: PDFs with their media type, images with the type their bytes say, data: URLs split', () => {
    const prompt = toLanguageModelPrompt('s', [
      {
        role: 'user',
        content: [
          { type: 'file', data: 'JVBERi0xLjQK', mediaType: 'application/pdf', filename: 'deck.pdf' },
          { type: 'image', image: PNG_BASE64 },
          { type: 'image', image: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]) },
          { type: 'file', data: 'data:text/plain;base64,aGVsbG8=', mediaType: 'application/octet-stream' },
        ],
      },
    ]);
    expect(prompt[1]).toEqual({
      role: 'user',
      content: [
        { type: 'file', data: 'JVBERi0xLjQK', mediaType: 'application/pdf', filename: 'deck.pdf' },
        { type: 'file', data: PNG_BASE64, mediaType: 'image/png' },
        { type: 'file', data: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), mediaType: 'image/jpeg' },
        { type: 'file', data: 'aGVsbG8=', mediaType: 'text/plain' },
      ],
    });
  });

  it('never lets a part name a remote URL: the server fetches nothing', () => {
    for (const data of ['https://example.com/deck.pdf', new URL('http://169.254.169.254/latest')]) {
      expect(() => toLanguageModelPrompt('s', [{ role: 'user', content: [{ type: 'file', data, mediaType: 'application/pdf' }] }])).toThrow(/does not fetch URLs/);
    }
  });
});

describe('toFunctionTools', () => {
  it('declares each tool by name, description and JSON schema', () => {
    const inputSchema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
    expect(toFunctionTools([{ name: 'read_file', description: 'Reads a file.', inputSchema }])).toEqual([{ type: 'function', name: 'read_file', description: 'Reads a file.', inputSchema }]);
  });
});

import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { findRemoteUrlPart } from '@/lib/model/server/remote-url-parts';

const user = (part: Record<string, unknown>) => [{ role: 'user', content: [{ type: 'text', text: 'hi' }, part] }] as unknown as ModelMessage[];

describe('findRemoteUrlPart', () => {
  it.each([
    ['an http file', { type: 'file', data: 'http://169.254.169.254/latest/meta-data', mediaType: 'application/pdf' }],
    ['an https image', { type: 'image', image: 'https://internal.example/x.png' }],
    ['a file: URL', { type: 'file', data: 'file:///etc/passwd', mediaType: 'text/plain' }],
  ])('finds %s', (_name, part) => {
    expect(findRemoteUrlPart(user(part))).toBe('messages.0.content.1');
  });

  it('finds image-url and file-url parts in tool results', () => {
    const messages = [
      { role: 'user', content: 'x' },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'a', toolName: 't', output: { type: 'content', value: [{ type: 'text', text: 'ok' }, { type: 'file-url', url: 'http://10.0.0.1/' }] } }] },
    ] as unknown as ModelMessage[];
    expect(findRemoteUrlPart(messages)).toBe('messages.1.content.0.output.value.1');
  });

  it('accepts bytes: base64 and data: URLs', () => {
    expect(findRemoteUrlPart(user({ type: 'file', data: 'JVBERi0xLjQK', mediaType: 'application/pdf' }))).toBeNull();
    expect(findRemoteUrlPart(user({ type: 'image', image: 'data:image/png;base64,iVBORw0KGgo=' }))).toBeNull();
    expect(findRemoteUrlPart([{ role: 'user', content: 'https://example.com in plain text is fine' }] as ModelMessage[])).toBeNull();
  });
});

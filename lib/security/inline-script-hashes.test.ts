import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-script-hashes.mjs';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inline script hashes of a prerendered page', () => {
  it('hashes each inline script exactly as written between its tags, once', () => {
    const payload = 'self.__next_f.push([1,"a\\u003cb — é"])';
    const html = `<html><head><script src="/_next/static/chunks/a.js" async=""></script><script>${payload}</script></head>` +
      `<body><script>(self.__next_f=self.__next_f||[]).push([0])</script><script>${payload}</script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(payload), sha256('(self.__next_f=self.__next_f||[]).push([0])')].sort());
  });

  it('leaves out external scripts and data blocks, which the policy need not name', () => {
    const html = '<script src="/x.js"></script><script type="application/json">{"a":1}</script><script type="module">go()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256('go()')]);
  });

  it('a script that differs by one character has another hash (an injected script is not admitted)', () => {
    expect(inlineScriptHashes('<script>ready()</script>')).not.toEqual(inlineScriptHashes('<script>ready() </script>'));
  });
});

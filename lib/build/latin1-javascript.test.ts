import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { latin1JavaScript, regexPattern, stringLiteral, templateText } from './latin1-javascript.mjs';

const ABOVE_LATIN1 = /[\u0100-\uffff]/;

/** The value a script's last expression has, as JSON, run in a fresh context. */
const valueOf = (code: string): string => JSON.stringify(runInNewContext(code));

/** Rewrites `code`, expects no character above Latin-1 in the result, and the same value from both. */
function expectSameValue(code: string): string {
  const { text, left, reason } = latin1JavaScript(code);
  expect(reason).toBeUndefined();
  expect(left).toBe(0);
  expect(ABOVE_LATIN1.test(text), text).toBe(false);
  expect(valueOf(text)).toBe(valueOf(code));
  return text;
}

describe('latin1JavaScript', () => {
  it('returns a file with nothing above Latin-1 as it is, Latin-1 letters kept', () => {
    const code = 'const café = "naïve";';
    expect(latin1JavaScript(code)).toEqual({ text: code, escaped: 0, left: 0 });
  });

  it('escapes strings in either quotes, quotes, backslashes and astral characters included', () => {
    expectSameValue(`["Tests…", 'it’s', "say \\"hi\\" …", 'a\\\\b…', "😀 and \\u2026", "\\…"]`);
    // A line continuation with a line separator is no character of the value.
    expectSameValue('["a\\\u2028b…"]');
    expect(stringLiteral('“q”\n', "'")).toBe("'\\u201c" + 'q' + "\\u201d\\n'");
  });

  it('escapes untagged templates, their substitutions kept, and leaves a tagged one as written', () => {
    expectSameValue('const n = 3; [`${n} files so far…`, `a ▸ ${n + 1} ▾ \\` \\${x} c`, `line\nbreak…`]');
    const tagged = 'String.raw`keep … raw` + "…"';
    const { text, left, escaped } = latin1JavaScript(tagged);
    expect(text).toBe('String.raw`keep … raw` + "\\u2026"');
    expect([left, escaped]).toEqual([1, 1]);
    expect(valueOf(text)).toBe(valueOf(tagged));
    expect(templateText('$`\\…')).toBe('\\$\\`\\\\\\u2026');
  });

  it('escapes regular expressions so that they match the same, in every mode', () => {
    const subjects = ['…', 'a…b', '😀', '😀😀', 'x', 'é', '\u{1F600}!', 'π', 'ππ'];
    const expressions = ['/…/', '/a…b/', '/😀+/', '/😀+/u', '/[😀é]/u', '/[😀é]/', '/[^…]/v', '/\\…/', '/(?<π>π)\\k<π>/', '/(?<π>π)\\k<π>/u', '/^[\\u2026…-♥]+$/'];
    for (const expression of expressions) {
      const code = `(() => { const r = ${expression}; return ${JSON.stringify(subjects)}.map((s) => { const m = r.exec(s); return m === null ? null : [m.index, m[0]]; }); })()`;
      expectSameValue(code);
    }
    expect(regexPattern('\\…a…')).toBe('\\u2026a\\u2026');
    expect(regexPattern('\\\\…')).toBe('\\\\\\u2026');
  });

  it('escapes names and private names, and comments', () => {
    const text = expectSameValue('/* ✓ a comment */ const π = 3; class C { #ñ = 1; #φ = 2; get φ() { return this.#φ; } } // ✓\n[π, new C().φ, { π }]');
    expect(text).toContain('\\u{3c0}');
    expect(text).toContain('#\\u{3c6}');
  });

  it('turns whitespace and line breaks above Latin-1 between tokens into their plain forms, keeping where a statement ends', () => {
    // U+2028 ends the line, so automatic semicolon insertion makes two statements: the value is 2.
    const text = expectSameValue('let a = 1\u2028a\u3000=\u20022\u2029a');
    expect(text).toBe('let a = 1\na = 2\na');
  });

  it('rewrites a module as a module', () => {
    const { text, reason } = latin1JavaScript('export const label = "Move to…"; import.meta;');
    expect(reason).toBeUndefined();
    expect(text).toBe('export const label = "Move to\\u2026"; import.meta;');
  });

  it('returns a file that does not parse as it was, and says why', () => {
    const broken = 'const = "…"';
    expect(latin1JavaScript(broken)).toEqual({ text: broken, escaped: 0, left: 1, reason: 'it does not parse as a script or a module' });
  });

  it('returns a file nested deeper than the parser can follow as it was', () => {
    const tooDeep = `[${'['.repeat(5000)}"…"${']'.repeat(5000)}]`;
    expect(latin1JavaScript(tooDeep)).toMatchObject({ text: tooDeep, escaped: 0, left: 1 });
  });

  it('finishes a chunk-sized file with thousands of escapes and deep nesting in linear time', () => {
    const deep = `${'['.repeat(500)}"…"${']'.repeat(500)}`;
    const many = Array.from({ length: 20_000 }, (_, index) => `"${index}…"`).join(',');
    const code = `[${deep}, ${many}].length`;
    const started = performance.now();
    const { text, left } = latin1JavaScript(code);
    // A guard against a hang only: about 0.1 s here.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(left).toBe(0);
    expect(valueOf(text)).toBe(valueOf(code));
  });
});

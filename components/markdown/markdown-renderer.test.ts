import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { encodeFragment } from '@/lib/share/compressed-fragment';
import { PROJECT_LINK } from '@/lib/share/share-link';
import { RUN_LINK } from '@/lib/run-record/run-link';
import { MarkdownRenderer } from './markdown-renderer';

/**
 * Markdown someone else wrote (a model, a tool, a shared file) must not carry a
 * live link to an import: a click on it would open the import dialog. Every
 * way markdown makes a link is tried with a real project and run fragment;
 * each must come out as text, with no anchor whose address holds the fragment.
 */
const project = encodeFragment(PROJECT_LINK, { name: 'planted', files: [] });
const run = encodeFragment(RUN_LINK, { planted: true });

const CORPUS: ReadonlyArray<[string, string]> = [
  ['a run link', `[open me](${run})`],
  ['a project link', `[open me](${project})`],
  ['a run link of an older version', '[open me](#wbrun1=12.abcdefghijkl)'],
  ['the page address with a run link', `[open me](http://localhost:3000/${run})`],
  ['another path with a project link', `[open me](/somewhere?x=1${project})`],
  ['a percent-encoded fragment', '[open me](#%77%62run2=12.abcdefghijkl)'],
  ['a reference-style link', `[open me][ref]\n\n[ref]: ${run}`],
  ['an autolink', `<http://localhost:3000/${project}>`],
  ['a bare URL (GitHub autolink)', `see http://localhost:3000/${run} now`],
  ['an image', `![open me](${run})`],
];

function rendered(markdown: string): string {
  return renderToStaticMarkup(createElement(MarkdownRenderer, { text: markdown }));
}

describe('markdown keeps import links inert', () => {
  it.each(CORPUS)('%s renders as text, not a link', (_name, markdown) => {
    const html = rendered(markdown);
    expect(html).toContain('data-testid="markdown-import-link"');
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
    expect(hrefs.filter((href) => /#(%77|w)/i.test(href))).toEqual([]);
  });

  it('keeps ordinary links and in-page anchors live', () => {
    expect(rendered('[docs](https://example.com/docs#install)')).toContain('href="https://example.com/docs#install"');
    expect(rendered('[up](#heading)')).toContain('href="#heading"');
    expect(rendered('[web](#web1)')).toContain('href="#web1"');
    expect(rendered('[docs](https://example.com/docs)')).not.toContain('markdown-import-link');
  });
});

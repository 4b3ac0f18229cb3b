import stylelint from 'stylelint';
import { describe, expect, it } from 'vitest';

/**
 * The stylesheets pass stylelint (`npm run lint:css` in `npm run check`), and the config catches
 * the mistake that once left half of globals.css applying to nothing: a block never closed.
 */
describe('stylesheets', () => {
  it('fails a stylesheet with an unclosed block (the check can fail)', async () => {
    const result = await stylelint.lint({
      code: '.markdown-preview {\n  padding: 16px;\n\n.history-list {\n  margin: 0;\n}\n',
      codeFilename: 'app/unclosed.css',
    });
    expect(result.errored).toBe(true);
    expect(result.results[0]?.warnings.map((warning) => warning.text).join('\n')).toContain('Unclosed block');
  });

  it('passes every stylesheet of the app', async () => {
    const result = await stylelint.lint({ files: ['app/**/*.css', 'components/**/*.css'] });
    const problems = result.results.flatMap((file) => file.warnings.map((warning) => `${file.source}:${warning.line} ${warning.text}`));
    expect(problems).toEqual([]);
  });
});

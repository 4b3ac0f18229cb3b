import { describe, expect, it } from 'vitest';
import { expandTemplates, MAX_EXPANDED_CHARACTERS, MAX_TEMPLATE_DEPTH } from '@/lib/worker/worker-templates';

const expand = (body: string, files: Record<string, string>, workerPath = 'main.worker') =>
  expandTemplates(body, { workerPath, readText: (path) => (Object.hasOwn(files, path) ? files[path] : undefined) });

describe("legacy llm-do templates: {{ file('X') }} and {% include 'X' %}", () => {
  it('puts a file in as is and expands an include; comments go', () => {
    const result = expand("Rubric:\n{{ file('rubric.md') }}\n{% include \"intro.md\" %}{# note #}end", {
      'rubric.md': 'Score {{ 1 }} to 5',
      'intro.md': "Hi {{file('name.txt')}}!",
      'name.txt': 'Ada',
    });
    expect(result.text).toBe('Rubric:\nScore {{ 1 }} to 5\nHi Ada!end');
    expect(result.files).toEqual(['rubric.md', 'intro.md', 'name.txt']);
    expect(result.problems).toEqual([]);
    expect(result.changed).toBe(true);
  });

  it("looks in the worker's folder, then its templates/ folder, never outside the project", () => {
    const files = { 'writer/a.md': 'A', 'writer/templates/b.md': 'B', 'secret.md': 'S' };
    expect(expand("{{ file('a.md') }}{% include 'b.md' %}", files, 'writer/worker.worker').text).toBe('AB');
    const escaped = expand("{{ file('../../secret.md') }}", files, 'writer/worker.worker');
    expect(escaped.problems[0]).toMatchObject({ code: 'template-file-missing', severity: 'error' });
    expect(expand("{{ file('/secret.md') }}", files).problems[0]).toMatchObject({ code: 'template-file-missing' });
  });

  it('reports a missing file at its tag, also when an included file asks for it', () => {
    const body = "line\n  {% include 'outer.md' %}";
    const result = expand(body, { 'outer.md': "x {{ file('gone.md') }}" });
    expect(result.problems).toEqual([
      {
        offset: body.indexOf('{%'),
        length: "{% include 'outer.md' %}".length,
        code: 'template-file-missing',
        severity: 'error',
        message: expect.stringContaining('"gone.md": no such file in the project root and templates/ (included through outer.md)'),
      },
    ]);
  });

  it('diagnoses include cycles and bounds the depth and size', () => {
    expect(expand("{% include 'a.md' %}", { 'a.md': "{% include 'b.md' %}", 'b.md': "{% include 'a.md' %}" }).problems[0]).toMatchObject({
      code: 'template-cycle',
      message: expect.stringContaining('a.md → b.md → a.md'),
    });
    const chain: Record<string, string> = {};
    for (let index = 0; index <= MAX_TEMPLATE_DEPTH + 1; index += 1) chain[`f${index}.md`] = `{% include 'f${index + 1}.md' %}`;
    expect(expand("{% include 'f0.md' %}", chain).problems[0]).toMatchObject({ code: 'template-too-deep' });
    const big = 'x'.repeat(MAX_EXPANDED_CHARACTERS / 4 + 1);
    const large = expand("{{ file('b.txt') }}".repeat(5), { 'b.txt': big });
    expect(large.problems).toHaveLength(1);
    expect(large.problems[0]).toMatchObject({ code: 'template-too-large' });
  });

  it('leaves other Jinja and stray braces as written, with a warning for the tags', () => {
    const result = expand('{{ name }} and {% if x %} and { not a tag } and {{ file(x) }}', {});
    expect(result.text).toBe('{{ name }} and {% if x %} and { not a tag } and {{ file(x) }}');
    expect(result.problems.map((problem) => [problem.code, problem.severity])).toEqual([
      ['template-unsupported', 'warning'],
      ['template-unsupported', 'warning'],
      ['template-unsupported', 'warning'],
    ]);
    expect(expand('open {{ file("a")', {}).problems[0]).toMatchObject({ code: 'template-unclosed', severity: 'warning' });
  });

  it('scans adversarial text in linear time', () => {
    const hostile = '{'.repeat(200_000) + '{{'.repeat(50_000) + '{% include '.repeat(20_000);
    const started = performance.now();
    const result = expand(hostile, {});
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(result.text).toBe(hostile);
  });
});

/**
 * A corpus of llm-do projects, written as their users keep them (both file
 * generations and forms from the steps between), for tests that open and run
 * them unchanged. Each names the input a user would give and the file the run
 * must leave behind, so a test can tell a real run from one that stopped early.
 */
export interface LlmDoCorpusProject {
  label: string;
  files: Record<string, string>;
  /** The prompt given on the command line; absent when the manifest's entry.args supplies it. */
  input?: string;
  /** A file the run writes, and its content afterwards. */
  writes: { path: string; content: string };
  /** Text of a file a template includes: the entry worker's instructions as the model gets them carry it. */
  included?: string;
}

const lines = (...text: string[]) => `${text.join('\n')}\n`;

export const LLM_DO_CORPUS: readonly LlmDoCorpusProject[] = [
  {
    label: 'HEAD: .agent files, project.json version 1, agent named as a toolset, entry.args as the input',
    files: {
      'notes.txt': 'old',
      'project.json': JSON.stringify(
        {
          version: 1,
          runtime: { approval_mode: 'approve_all', max_depth: 3, agent_calls_require_approval: false },
          entry: { agent: 'main', args: { input: 'write "hello" to notes.txt' } },
          agent_files: ['main.agent', 'agents/scribe.agent'],
          generated_agents_dir: '/tmp/llm-do/generated',
          allow_cli_input: true,
        },
        null,
        2,
      ),
      'main.agent': lines('---', 'name: main', 'description: Hands file work to the scribe.', 'toolsets:', '  - scribe', '---', 'Delegate every request to the scribe.'),
      'agents/scribe.agent': lines(
        '---',
        'name: scribe',
        'description: Reads and writes project files.',
        'compatible_models: ["anthropic:*", "google-gla:*", "demo:*"]',
        'toolsets: [filesystem_project]',
        '---',
        'You write files when asked.',
      ),
    },
    writes: { path: 'notes.txt', content: 'hello' },
  },
  {
    label: 'HEAD: Python tools, server-side tools, shell and python_files are skipped; the rest runs',
    files: {
      'notes.txt': 'old',
      'tools.py': 'def calc():\n    return 1\n',
      'project.json': JSON.stringify({
        version: 1,
        runtime: { approval_mode: 'approve_all', auth_mode: 'oauth_off', return_permission_errors: true },
        entry: { agent: 'main' },
        agent_files: ['main.agent'],
        python_files: ['tools.py'],
      }),
      'main.agent': lines(
        '---',
        'name: main',
        'tools: [calc]',
        'server_side_tools:',
        '  - tool_type: web_search',
        '    max_uses: 2',
        'toolsets: [filesystem_cwd, shell_readonly, dynamic_agents, calc_tools]',
        '---',
        'You write files when asked.',
      ),
    },
    input: 'write "done" to notes.txt',
    writes: { path: 'notes.txt', content: 'done' },
  },
  {
    label: 'legacy (2025-12-21): no manifest, main.worker entry, delegation map and filesystem approvals',
    files: {
      'report.md': 'old',
      'main.worker': lines(
        '---',
        'name: main',
        'description: Orchestrates.',
        'model: null',
        'toolsets:',
        '  delegation:',
        '    writer: {}',
        '    worker_call: {}',
        '    worker_create: {}',
        '  shell:',
        '    rules:',
        '      - pattern: ls',
        '        approval_required: false',
        '---',
        'Delegate every request to the writer.',
      ),
      'writer/worker.worker': lines(
        '---',
        'name: writer',
        'description: Writes reports.',
        'instructions: You write files when asked.',
        'toolsets:',
        '  filesystem: { read_approval: false, write_approval: false }',
        'attachment_policy: { max_attachments: 4, max_total_bytes: 10000000 }',
        'locked: true',
        '---',
      ),
    },
    input: 'write "# Report" to report.md',
    writes: { path: 'report.md', content: '# Report' },
  },
  {
    label: "legacy (2025-12-21): {{ file() }} and {% include %} in the body, from the worker's folder and templates/",
    files: {
      'out.md': 'old',
      'style.md': 'Answer briefly.',
      'templates/intro.md': "You write files when asked. {# internal note #}{{ file('style.md') }}",
      'main.worker': lines('---', 'name: main', 'toolsets:', '  filesystem: { read_approval: false, write_approval: false }', '---', "{% include 'intro.md' %}"),
    },
    input: 'write "templated" to out.md',
    writes: { path: 'out.md', content: 'templated' },
  },
  {
    label: 'intermediate (2025-12-01): delegation.allow_workers, filesystem written with no value',
    files: {
      'out.txt': 'old',
      'main.worker': lines('---', 'name: main', 'toolsets:', '  delegation:', '    allow_workers: [helper]', '---', 'Delegate every request to the helper.'),
      'helper.worker': lines('---', 'name: helper', 'description: Writes files.', 'toolsets:', '  filesystem:', '---', 'You write files when asked.'),
    },
    input: 'write "ok" to out.txt',
    writes: { path: 'out.txt', content: 'ok' },
  },
  // Shaped as users keep them: the files a template names sit at the root, beside a worker in a
  // subfolder and in templates/; project.json names agent files at the root and in a subfolder.
  {
    label: "legacy (2025-12-21): {{ file('PROCEDURE.md') }} with PROCEDURE.md at the project root, beside main.worker",
    files: {
      'PROCEDURE.md': lines('# Procedure', 'PROCEDURE-STEP-ONE: read the request twice.', 'Then write exactly what is asked.'),
      'out.txt': 'old',
      'main.worker': lines(
        '---',
        'name: main',
        'description: Follows the written procedure.',
        'toolsets:',
        '  filesystem: { read_approval: false, write_approval: true }',
        '---',
        'You write files when asked.',
        '',
        "{{ file('PROCEDURE.md') }}",
      ),
    },
    input: 'write "followed" to out.txt',
    writes: { path: 'out.txt', content: 'followed' },
    included: 'PROCEDURE-STEP-ONE: read the request twice.',
  },
  {
    label: 'legacy (2025-12-21): a worker in its own folder includes from its templates/ and reads a file beside it',
    files: {
      'report.txt': 'old',
      'main.worker': lines('---', 'name: main', 'toolsets:', '  delegation:', '    editor: {}', '---', 'Delegate every request to the editor.'),
      'editor/worker.worker': lines('---', 'name: editor', 'description: Edits reports.', 'toolsets:', '  filesystem: {}', '---', "{% include 'role.md' %}"),
      'editor/templates/role.md': lines('You write files when asked.', "{{ file('house-style.md') }}"),
      'editor/house-style.md': 'HOUSE-STYLE: short sentences, no jargon.\n',
    },
    input: 'write "edited" to report.txt',
    writes: { path: 'report.txt', content: 'edited' },
  },
  {
    label: 'HEAD: agent_files ["main.agent"], the entry named by entry.agent, approve_all in project.json',
    files: {
      'project.json': JSON.stringify({ version: 1, runtime: { approval_mode: 'approve_all' }, entry: { agent: 'main' }, agent_files: ['main.agent'] }, null, 2) + '\n',
      'summary.md': 'old',
      'main.agent': lines('---', 'name: main', 'description: Writes summaries.', 'toolsets: [filesystem_project]', '---', 'You write files when asked.'),
    },
    input: 'write "summarised" to summary.md',
    writes: { path: 'summary.md', content: 'summarised' },
  },
  {
    label: 'HEAD: agents in a subfolder, one called as a toolset, an empty toolsets list',
    files: {
      'project.json': JSON.stringify({ version: 1, runtime: { approval_mode: 'prompt', max_depth: 3 }, entry: { agent: 'main' }, agent_files: ['main.agent', 'agents/filer.agent', 'agents/idle.agent'] }, null, 2) + '\n',
      'filed.txt': 'old',
      'main.agent': lines('---', 'name: main', 'toolsets: [filer]', '---', 'Delegate every request to the filer.'),
      'agents/filer.agent': lines('---', 'name: filer', 'description: Files things.', 'toolsets: [filesystem_project]', '---', 'You write files when asked.'),
      'agents/idle.agent': lines('---', 'name: idle', 'description: Does nothing.', 'toolsets: []', '---', 'Say that you are idle.'),
    },
    input: 'write "filed" to filed.txt',
    writes: { path: 'filed.txt', content: 'filed' },
  },
];

/**
 * Request bodies crafted to make the keyless demo model burn CPU or memory:
 * each one targets a scan or an allocation that was (or could become)
 * superlinear. The proxy must answer every one of them quickly. Sizes are
 * chosen so that a quadratic or exponential path takes many seconds, while
 * a linear one takes milliseconds.
 */
export interface AdversarialBody {
  name: string;
  body: Record<string, unknown>;
}

const MODEL = 'demo:scripted';
const EVALUATOR_SYSTEM = 'You evaluate one startup pitch deck against the rubric.';

function deck(pageBody: string): string {
  return `Extracted text of input/deck.pdf (1 page):\n--- page 1 ---\nTitle\n${pageBody}`;
}

function user(content: string) {
  return [{ role: 'user', content }];
}

function tool(name: string, properties: Record<string, unknown>, required: string[] = []) {
  return { name, description: `the ${name} tool`, inputSchema: { type: 'object', properties, required } };
}

const FILE_TOOLS = [
  tool('read_file', { path: { type: 'string' } }, ['path']),
  tool('write_file', { path: { type: 'string' }, content: { type: 'string' } }, ['path', 'content']),
  tool('list_files', { path: { type: 'string' } }),
];

function nestedSchema(depth: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < depth; level += 1) schema = { type: 'object', properties: { inner: schema }, required: ['inner'] };
  return schema;
}

/** A conversation that already made one call per tool result, so the demo reads every result. */
function withToolResults(count: number, output: string) {
  const calls = Array.from({ length: count }, (_, index) => ({ type: 'tool-call', toolCallId: `call-${index}`, toolName: 'read_file', input: { path: 'a.txt' } }));
  return [
    { role: 'user', content: 'read a.txt' },
    { role: 'assistant', content: calls },
    { role: 'tool', content: calls.map((call) => ({ type: 'tool-result', toolCallId: call.toolCallId, toolName: 'read_file', output: { type: 'text', value: output } })) },
  ];
}

export const ADVERSARIAL_BODIES: AdversarialBody[] = [
  {
    name: 'schema property name that is a catastrophic regex (issue 9)',
    body: { model: MODEL, messages: user(`${'a'.repeat(30)}!`), outputSchema: { type: 'object', properties: { '(a|a)+b': { type: 'string' } } } },
  },
  {
    name: 'schema property names full of regex syntax',
    body: { model: MODEL, messages: user('x'), outputSchema: { type: 'object', properties: { '[': { type: 'string' }, '(?<': { type: 'string' }, '\\': { type: 'string' }, '*+': { type: 'string' } } } },
  },
  {
    name: 'huge minLength, minItems and nested minItems (issue 9)',
    body: {
      model: MODEL,
      messages: user('x'),
      outputSchema: {
        type: 'object',
        properties: {
          text: { type: 'string', minLength: 500_000_000 },
          list: { type: 'array', minItems: 500_000_000, items: { type: 'array', minItems: 100_000_000, items: { type: 'string', minLength: 100_000_000 } } },
        },
      },
    },
  },
  {
    name: '"Extracted text of " repeated (issue 9)',
    body: { model: MODEL, system: EVALUATOR_SYSTEM, messages: user('Extracted text of '.repeat(40_000)) },
  },
  { name: 'deck sentence with "churn" repeated', body: { model: MODEL, system: EVALUATOR_SYSTEM, messages: user(deck('churn '.repeat(40_000))) } },
  { name: 'deck sentence of one long run of digits', body: { model: MODEL, system: EVALUATOR_SYSTEM, messages: user(deck('1'.repeat(200_000))) } },
  { name: 'deck sentence of digits and commas', body: { model: MODEL, system: EVALUATOR_SYSTEM, messages: user(deck('1,'.repeat(100_000))) } },
  { name: 'deck sentence of digits then a letter', body: { model: MODEL, system: EVALUATOR_SYSTEM, messages: user(deck(`$${'9'.repeat(200_000)}x`)) } },
  { name: 'deck with a hundred thousand pages', body: { model: MODEL, system: EVALUATOR_SYSTEM, messages: user(deck('--- page 1 ---\nTitle\nA sentence. '.repeat(100_000))) } },
  { name: 'deck with a hundred thousand sentences', body: { model: MODEL, system: EVALUATOR_SYSTEM, messages: user(deck('We grew 10x. '.repeat(100_000))) } },
  {
    name: 'deeply nested output schema',
    body: { model: MODEL, messages: user('x'), outputSchema: nestedSchema(2_000) },
  },
  {
    name: 'huge enum',
    body: { model: MODEL, messages: user('x'), outputSchema: { type: 'object', properties: { pick: { enum: Array.from({ length: 300_000 }, (_, index) => `value-${index}`) } } } },
  },
  {
    name: '$ref loop to the root',
    body: { model: MODEL, messages: user('x'), outputSchema: { $ref: '#' } },
  },
  {
    name: 'branching $ref recursion (exponential without a budget)',
    body: {
      model: MODEL,
      messages: user('x'),
      outputSchema: {
        type: 'object',
        properties: Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`branch${index}`, { type: 'array', minItems: 12, items: { $ref: '#' } }])),
      },
    },
  },
  {
    name: 'object with thirty thousand properties and required names',
    body: {
      model: MODEL,
      messages: user('name: value\n'.repeat(50_000)),
      outputSchema: {
        type: 'object',
        properties: Object.fromEntries(Array.from({ length: 30_000 }, (_, index) => [`property_${index}`, { type: 'string' }])),
        required: Array.from({ length: 30_000 }, (_, index) => `missing_${index}`),
      },
    },
  },
  {
    name: 'pathological pattern in the output and tool schemas',
    body: {
      model: MODEL,
      messages: user(`${'a'.repeat(40)}!`),
      tools: [tool('lookup', { input: { type: 'string', pattern: '^(a+)+$' } }, ['input'])],
      outputSchema: { type: 'object', properties: { word: { type: 'string', pattern: '^(a|a)+$' } }, required: ['word'] },
    },
  },
  {
    name: 'giant tool list, all delegation candidates',
    body: {
      model: MODEL,
      messages: user('Please delegate this.'),
      tools: Array.from({ length: 3_000 }, (_, index) => tool(`worker_${index}`, { input: { type: 'string' }, attachments: { type: 'array', items: { type: 'string' } } }, ['input'])),
    },
  },
  {
    name: 'long tool names mentioned thousands of times',
    body: {
      model: MODEL,
      messages: user(`${'w'.repeat(63)}x `.repeat(20_000)),
      tools: Array.from({ length: 500 }, (_, index) => tool(`${'w'.repeat(60)}${String(index).padStart(4, '0')}`, { input: { type: 'string' } }, ['input'])),
    },
  },
  {
    name: 'many messages',
    body: {
      model: MODEL,
      messages: Array.from({ length: 5_000 }, (_, index) => (index % 2 === 0 ? { role: 'user', content: `message ${index}` } : { role: 'assistant', content: `answer ${index}` })),
    },
  },
  {
    name: 'hundreds of tool results, each long and full of "denied"',
    body: { model: MODEL, messages: withToolResults(100, 'denied '.repeat(500)), tools: FILE_TOOLS },
  },
  { name: 'a flood of read directives', body: { model: MODEL, messages: user('read a.txt '.repeat(60_000)), tools: FILE_TOOLS } },
  { name: 'write with curly quotes never closed', body: { model: MODEL, messages: user('write “'.repeat(60_000)), tools: FILE_TOOLS } },
  { name: 'write with straight quotes never closed', body: { model: MODEL, messages: user(`write "${'x'.repeat(200_000)}`), tools: FILE_TOOLS } },
  { name: 'list of a path that is a long run of dots', body: { model: MODEL, messages: user(`list docs/${'.'.repeat(200_000)}x`), tools: FILE_TOOLS } },
  { name: 'list of a glob with a long segment', body: { model: MODEL, messages: user(`list ${'a'.repeat(200_000)}*`), tools: FILE_TOOLS } },
  {
    name: 'delegation with a long run of path characters',
    body: { model: MODEL, messages: user(`delegate ${'a'.repeat(300_000)}`), tools: [tool('helper', { input: { type: 'string' }, attachments: { type: 'array', items: { type: 'string' } } }, ['input'])] },
  },
  {
    name: 'delegation with a hundred thousand file paths',
    body: { model: MODEL, messages: user(`delegate each ${'input/deck.pdf input/x.pdf '.repeat(50_000)}`), tools: [tool('helper', { input: { type: 'string' }, attachments: { type: 'array', items: { type: 'string' } } }, ['input'])] },
  },
  { name: 'a long run of whitespace', body: { model: MODEL, messages: user(`a${' \t\n'.repeat(200_000)}b`) } },
  { name: 'a huge system prompt', body: { model: MODEL, system: 'evaluate pitch deck name: `'.repeat(100_000), messages: user('x') } },
];

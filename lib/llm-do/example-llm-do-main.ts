import { exampleProjectFiles } from '@/lib/project/example-project';

/**
 * The pitch-deck example's orchestrator in its llm-do form. Here, main creates the evaluator
 * at run time with worker_create (and `replace: true` when a run in this session already did).
 * llm-do's agent_create writes the agent into generated_agents_dir and refuses a name whose
 * file exists, and agent_call reaches only agents created in the same run, so the second run
 * of the same project would fail. The example already has that evaluator as a file
 * (deck_evaluator.agent once exported): in llm-do, main calls it as a tool instead, which runs
 * any number of times. The rest of the job (find the decks, one evaluation per deck in one
 * step, one report per deck, a summary) is the same.
 */
export const EXAMPLE_MAIN_LLM_DO_NOTE =
  'main: the example creates its evaluator at run time with worker_create; in the export, main calls the deck_evaluator agent instead ' +
  "(llm-do's agent_create refuses an agent it created in an earlier run, so a second run would fail)";

const LLM_DO_MAIN = `---
name: main
description: Evaluates every pitch deck in input/ against rubric.md and writes one report per deck plus a summary.
toolsets:
  - filesystem_project
  - deck_evaluator
allow_empty_input: true
---
You orchestrate the evaluation of startup pitch decks. You do not evaluate a deck yourself:
the \`deck_evaluator\` agent does, once per deck.

1. Call \`list_files\` with the pattern \`input/*.pdf\` to find the decks.
   If there is none, say so and stop.
2. Call \`deck_evaluator\` once per deck, all in the same step so the evaluations run
   concurrently. Pass "Evaluate the pitch deck <path>" as the input and the deck path as the
   single attachment.
3. For each deck, write the evaluator's report unchanged to \`evaluations/<slug>.md\`, where
   \`<slug>\` is the deck's file name without \`.pdf\`, in lower case, with spaces replaced by \`-\`.
4. Write \`evaluations/summary.md\`: a table with one row per deck (rank, company, score per
   criterion, total, verdict, report path) sorted by total, best first, then the red flags of
   each company.
5. Answer with a short summary of the ranking and the paths you wrote.
`;

/** The llm-do form of `main.worker` when it is the shipped example's, unedited, beside its deck_evaluator; otherwise null. */
export function exampleMainForLlmDo(path: string, text: string, workerNames: ReadonlySet<string>): string | null {
  if (path !== 'main.worker' || !workerNames.has('deck_evaluator')) return null;
  const shipped = exampleProjectFiles().find((file) => file.path === 'main.worker')?.data;
  return text === shipped ? LLM_DO_MAIN : null;
}

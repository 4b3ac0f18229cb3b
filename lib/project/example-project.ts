import type { ProjectFileData } from '@/lib/project/projects';

/**
 * The shipped pitch-deck example: an orchestrator that creates an evaluator
 * worker from a rubric at run time and fans out over the decks in input/.
 * It is the project a new user opens first, so it must analyse without errors.
 * deck_evaluator.worker is that evaluator as a file, with test cases beside it.
 * Sample PDFs are added to input/ separately.
 */

import { EXAMPLE_PROJECT_NAME } from '@/lib/project/example-project-name';

export { EXAMPLE_PROJECT_NAME };

const PROJECT_JSON = `${JSON.stringify(
  {
    name: EXAMPLE_PROJECT_NAME,
    description: 'Evaluate every pitch deck in input/ against a rubric, one evaluator call per deck.',
    entry: 'main',
    default_model: 'demo:scripted',
    generated_workers_dir: 'generated',
    runtime: { approval_mode: 'prompt', max_depth: 5, max_steps: 20 },
  },
  null,
  2,
)}
`;

const MAIN_WORKER = `---
name: main
description: Evaluates every pitch deck in input/ against rubric.md and writes one report per deck plus a summary.
toolsets:
  filesystem:
    # The reports are this worker's whole job: writing them needs no prompt.
    approvals:
      write_file: pre_approved
  dynamic_workers: {}
allow_empty_input: true
---
You orchestrate the evaluation of startup pitch decks. You do not evaluate a deck yourself:
you create an evaluator worker for that and call it once per deck.

1. Call \`list_files\` with the pattern \`input/*.pdf\` to find the decks.
   If there is none, say so and stop.
2. Read \`rubric.md\` with \`read_file\`.
3. Create the evaluator with \`worker_create\` (the user approves the file, and may edit it,
   before it is written; if they deny it, report that and stop):
   - name: \`pitch_evaluator\`
   - description: "Evaluates one PDF pitch deck against the rubric and returns a scored report."
   - instructions: the full text of the rubric, and the request to return a markdown report:
     the company name as the title, a line "**Verdict: Invest**", "**Verdict: Consider**" or
     "**Verdict: Pass**" with the total, a table with one row per criterion (Problem, Solution,
     Team, Market, Traction) giving the score as "N/5" and the sentence from the deck that
     justifies it, a row "| **Total** | **N/25** | |", and a "## Red flags" section.
   - attachment_policy: \`{ max_attachments: 1, allowed_suffixes: [".pdf"], required: true }\`
   If the name is taken by an evaluator you created earlier in this session, repeat the call
   with \`replace: true\`.
4. Call the evaluator once per deck, all in the same step so the evaluations run
   concurrently: with \`worker_call\` (worker \`pitch_evaluator\`), or with the
   \`pitch_evaluator\` tool if it is listed among your tools. Pass the deck path as the single
   attachment and "Evaluate the pitch deck <path>" as the input.
5. For each deck, write the evaluator's report unchanged to \`evaluations/<slug>.md\`, where
   \`<slug>\` is the deck's file name without \`.pdf\`, in lower case, with spaces replaced by \`-\`.
6. Write \`evaluations/summary.md\`: a table with one row per deck (rank, company, score per
   criterion, total, verdict, report path) sorted by total, best first, then the red flags of
   each company.
7. Answer with a short summary of the ranking and the paths you wrote.
`;

const RUBRIC = `# Pitch deck rubric

Score each criterion from 1 (weak) to 5 (excellent) and justify every score in one or two
sentences, citing the slide it comes from.

| Criterion | What a 5 looks like |
|-----------|---------------------|
| Problem   | A specific, painful problem for a clearly identified customer, with evidence. |
| Solution  | A solution that addresses the problem directly and is clearly better than today's alternatives. |
| Team      | Founders with relevant experience and the skills to build and sell it. |
| Market    | A large, growing market, sized bottom-up, with a credible first segment. |
| Traction  | Real usage, revenue or signed pilots, growing month over month. |

## Red flags

List every red flag you see, for example:

- no clear customer, or "everyone" as the target market;
- market size given only top-down ("1% of a $100B market");
- traction that is only vanity metrics (sign-ups, page views);
- key roles missing from the team, or no full-time founders;
- unit economics that cannot work at the stated prices;
- claims contradicted elsewhere in the deck.

## Verdict

End with one line: **Invest** (20 or more of 25), **Consider** (12 to 19) or **Pass** (below 12), and the main reason.
`;

/**
 * The evaluator as a file, with test cases beside it: the same job as the one main
 * creates at run time, so a rubric or prompt change can be checked on each sample deck
 * (on one model or several) before a whole run. Its name differs from the created one,
 * which worker_create could not otherwise write.
 */
const DECK_EVALUATOR_WORKER = `---
name: deck_evaluator
description: Evaluates one PDF pitch deck against rubric.md and returns a scored markdown report (the job of the evaluator main creates, kept as a file so deck_evaluator.tests.yaml can test it).
toolsets:
  filesystem:
    # It reads the rubric; it never writes.
    approvals:
      write_file: blocked
attachment_policy: { max_attachments: 1, allowed_suffixes: [".pdf"], required: true }
---
You evaluate one startup pitch deck, attached as a PDF, against the rubric in \`rubric.md\`
(read it with \`read_file\` first).

Return a markdown report:
- the company name as the title;
- a line "**Verdict: Invest**", "**Verdict: Consider**" or "**Verdict: Pass**" with the total;
- a table with one row per criterion (Problem, Solution, Team, Market, Traction) giving the
  score as "N/5" and the sentence from the deck that justifies it, then a row
  "| **Total** | **N/25** | |";
- a "## Red flags" section listing each red flag with the evidence for it.
`;

const DECK_EVALUATOR_TESTS = `# Test cases of deck_evaluator (deck_evaluator.worker, beside this file).
# Run them from the Run panel: "Tests…", pick one or more models, "Run tests".
# Format: docs/worker-tests.md in the Workerbench repository.
cases:
  - name: Tidewater Robotics is worth investing in
    input: Evaluate the pitch deck input/tidewater-robotics.pdf
    attachments: [input/tidewater-robotics.pdf]
    checks:
      - contains: "**Verdict: Invest**"
      # Invest means 20 or more of 25.
      - regex: '\\| \\*\\*Total\\*\\* \\| \\*\\*2[0-5]/25\\*\\* \\|'

  - name: Lumen Ledger is one to consider
    input: Evaluate the pitch deck input/lumen-ledger.pdf
    attachments: [input/lumen-ledger.pdf]
    checks:
      - contains: "**Verdict: Consider**"
      - regex: '\\| \\*\\*Total\\*\\* \\| \\*\\*1[2-9]/25\\*\\* \\|'

  - name: Orbit Snacks is a pass, with its red flags named
    input: Evaluate the pitch deck input/orbit-snacks.pdf
    attachments: [input/orbit-snacks.pdf]
    checks:
      - contains: "**Verdict: Pass**"
      - regex: '## Red flags\\s+- \\*\\*'
      - not_contains: None found

  - name: Every criterion gets a score out of 5
    input: Evaluate the pitch deck input/lumen-ledger.pdf
    attachments: [input/lumen-ledger.pdf]
    checks:
      - regex: '\\| Problem \\| [1-5]/5 \\|'
      - regex: '\\| Solution \\| [1-5]/5 \\|'
      - regex: '\\| Team \\| [1-5]/5 \\|'
      - regex: '\\| Market \\| [1-5]/5 \\|'
      - regex: '\\| Traction \\| [1-5]/5 \\|'
`;

const INPUT_README = `# input/

Drop pitch decks (PDF) here. The \`main\` worker evaluates every \`.pdf\` file in this folder.
`;

export function exampleProjectFiles(): ProjectFileData[] {
  return [
    { path: 'project.json', data: PROJECT_JSON },
    { path: 'main.worker', data: MAIN_WORKER },
    { path: 'rubric.md', data: RUBRIC },
    { path: 'deck_evaluator.worker', data: DECK_EVALUATOR_WORKER },
    { path: 'deck_evaluator.tests.yaml', data: DECK_EVALUATOR_TESTS },
    { path: 'input/README.md', data: INPUT_README },
  ];
}

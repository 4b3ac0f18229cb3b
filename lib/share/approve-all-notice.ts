/**
 * Said before and after importing a project whose project.json asks for approve_all. The file is
 * kept as written (imports are byte for byte); trust decides whether it counts. A module of its
 * own so the share store can say it without loading the manifest parser.
 */
export const APPROVE_ALL_NOTICE =
  'Its project.json asks to approve every tool call automatically ("approval_mode": "approve_all"). ' +
  'It is kept as written, but counts only once you trust the project: until then you are asked before each risky tool call.';

/**
 * How a tool shows itself in an approval question and how a person may change
 * it before approving. The tool owns this (as it owns its schema and
 * `execute`; see ToolApproval in toolset.ts); the approval gate attaches it to the question and the UI renders
 * fields without knowing any tool by name.
 */
export interface ApprovalField {
  /** The key of this field in the edited values. */
  name: string;
  label: string;
  /** `text`: the value as it is (a path, a file, a prompt); `json`: the value as JSON text. */
  format: 'text' | 'json';
  value: string;
  /**
   * What this value would replace, so the question shows a diff (write_file:
   * the file's current content). `null`: nothing is there yet (a new file).
   * Absent: nothing to compare with.
   */
  replaces?: string | null;
  editable: boolean;
}

export interface ApprovalPresentation {
  /** One line saying what the call will do, e.g. "Write reports/summary.md (replaces 12 lines)". */
  title?: string;
  fields: ApprovalField[];
  /** Why the call would fail as proposed, by the tool's own checks; the person may fix it by editing. */
  problem?: string;
}

export type ApprovalEditOutcome =
  | { ok: true; args: unknown; /** What the edited call will do, e.g. where a file goes. */ note?: string }
  | { ok: false; error: string };

/** The values the fields start with: what "edited" is measured against. */
export function fieldValues(presentation: ApprovalPresentation): Record<string, string> {
  return Object.fromEntries(presentation.fields.map((field) => [field.name, field.value]));
}

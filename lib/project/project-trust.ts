/**
 * Project trust. A project that arrived by link or zip is untrusted until the
 * person trusts it: its own files (project.json, worker frontmatter, and the
 * workers its runs create) cannot grant approvals, because whoever sent it
 * wrote them. While untrusted, the approval gate ignores `approval_mode:
 * approve_all` and every `pre_approved` that comes from the project's files;
 * tightenings (`blocked`, `prompt`, `reject_all`) still count, and the tools'
 * own defaults (a read is pre-approved) stay. A project created here (blank,
 * the example) is trusted.
 *
 * The flag is never stored in the project (the importer controls every file
 * in it): lib/state/share/trust-store.ts keeps it per project name in this browser,
 * and the gate receives it as a policy input (lib/runtime/approval-policy.ts).
 */
export type ProjectTrust = 'trusted' | 'untrusted';

/** What the IDE says about an untrusted project, next to the "Trust this project" action. */
export const UNTRUSTED_PROJECT_NOTICE =
  'This project was imported and is not trusted: approvals it asks to skip are still asked.';

/**
 * A command that cannot start: bad arguments, a folder that is not a
 * project, a worker that does not exist. The command line exits 2 with its
 * message (1 is kept for a run that started and failed).
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Exit codes of every command (README: the commands). */
export const EXIT_DONE = 0;
export const EXIT_RUN_FAILED = 1;
export const EXIT_USAGE = 2;
/** `workerbench test`: a case failed (or ended in error). */
export const EXIT_TEST_FAILED = 100;

/**
 * What a command touches of the process, passed in so commands run the same
 * in the bin and in-process (the bench): streams, environment, folder, and
 * whether a person is at the terminal.
 */
export interface CliIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WriteStream;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** A person can be asked (stdin and stderr are terminals). */
  interactive: boolean;
}

export function processIo(): CliIo {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    interactive: process.stdin.isTTY === true && process.stderr.isTTY === true,
  };
}

/** Ctrl-C stops the run (its record says so); a second one leaves at once. */
export function stopOnInterrupt(controller: AbortController): () => void {
  let count = 0;
  const onSignal = () => {
    count += 1;
    if (count > 1) process.exit(130);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

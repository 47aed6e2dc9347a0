// process.exit() drops whatever is still queued for a piped stdout or stderr: `status` under load
// lost its last 16 lines to a parent reading through a pipe. A write's callback runs once it and
// every write before it have left the process, so exit waits for an empty write on each stream.
// The promise never settles: awaiting it stops the caller where it stands.
export function exitFlushed(code: number): Promise<never> {
  return new Promise(() => {
    let pending = 2;
    const done = () => {
      if (--pending === 0) process.exit(code);
    };
    process.stdout.write("", done);
    process.stderr.write("", done);
  });
}

/**
 * Where the server's log lines go: standard output, written once per turn of the event loop instead
 * of once per line (pino writes synchronously; on Linux a write to a pipe or file is a system call
 * each). Under load the lines of the requests that end in one turn go out in one write; a line waits
 * at most until the end of its turn, and the rest is written when the process exits.
 */
export const batchedStdout = (write: (text: string) => unknown = (text) => process.stdout.write(text)) => {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!pending.length) return;
    const text = pending.join('');
    pending = [];
    write(text);
  };
  process.once('exit', flush);
  return {
    write(line: string) {
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
};

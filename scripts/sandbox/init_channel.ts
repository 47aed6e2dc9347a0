// What init.py says on fd 3 of a run or session: one JSON line once the program has started (its
// clock starts then, not while the namespace was being built), one when it has ended. init.py is
// trusted (out of the program's reach), so a line it could not have written is the sandbox failing.
import { z } from "../../shared/zod.ts";
import { LineReader } from "./lines.ts";

const EndedSchema = z.strictObject({
  exit_code: z.number().int().nullable(),
  signal: z.number().int().nullable(),
  /** A session's code closed the interpreter's channel (init.py). */
  channel_closed: z.literal(true).optional(),
  /** How long a run's program waited for a CPU in all (init.py reads it as the program ends). */
  cpu_wait_ms: z.number().nonnegative().optional(),
});
export type Ended = z.infer<typeof EndedSchema>;

const MessageSchema = z.union([z.strictObject({ started: z.literal(true) }), EndedSchema]);

/** How long building a run's namespace may take before the sandbox is deemed to have failed. */
export const SETUP_TIMEOUT_MS = 60_000;

interface InitWatch {
  /** Whether init.py said it started the program. */
  readonly started: boolean;
  /** How the program ended, once init.py has said. */
  readonly ended: Ended | undefined;
}

export function watchInit(stream: NodeJS.ReadableStream, onStarted: () => void): InitWatch {
  const lines = new LineReader(4096);
  const watch = { started: false, ended: undefined as Ended | undefined };
  stream.on("data", (chunk: Buffer) => {
    try {
      for (const line of lines.push(chunk)) {
        const message = MessageSchema.parse(JSON.parse(line.toString("utf8")));
        if ("started" in message) {
          watch.started = true;
          onStarted();
        } else watch.ended = message;
      }
    } catch {
      // Not init.py's: the close without an end says the sandbox failed.
    }
  });
  return watch;
}

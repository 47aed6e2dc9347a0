// CLI: node scripts/sandbox/main.ts [--port 0] [--host 127.0.0.1] [--parallel 16] [--max-sessions 256] [--exit-with-parent] [--listener]
//        [--database-folders '{"LABEL": {"dir": "/abs/folder", "nested": true}}' | @FILE]
// --database-folders: the folders of SQLite databases a run may name (databases.ts); none without it.
// --listener: listen on the socket the launcher sends over IPC, instead of binding one.
// Prints exactly one line when listening (callers parse it): sandbox listening on http://HOST:PORT
// $EDGE_GYM_SANDBOX_TOKEN: every route but /health then requires `Authorization: Bearer <it>` (the
// stack always sets one); without it the sandbox is open to every user of this machine.
import type { Server } from "node:net";
import { parseArgs } from "node:util";
import { SANDBOX_TOKEN_ENV } from "./auth.ts";
import { parseFolders } from "./databases.ts";
import { DEFAULTS, MAX_PARALLEL, startSandbox } from "./server.ts";

// Out of the environment at once, so nothing this process starts inherits it.
const token = process.env[SANDBOX_TOKEN_ENV];
delete process.env[SANDBOX_TOKEN_ENV];

function fail(message: string): never {
  process.stderr.write(`sandbox: ${message}\n`);
  process.exit(2);
}

function count(flag: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === "" || !Number.isInteger(value) || value < 0 || value > max) fail(`invalid --${flag} ${JSON.stringify(raw)}`);
  return value;
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      parallel: { type: "string" },
      "max-sessions": { type: "string" },
      "exit-with-parent": { type: "boolean" },
      listener: { type: "boolean" },
      "database-folders": { type: "string" },
    },
  }));
} catch (err) {
  fail((err as Error).message);
}

function folders(raw: string | undefined) {
  if (raw === undefined) return new Map();
  try {
    return parseFolders(raw);
  } catch (err) {
    fail(`invalid --database-folders ${JSON.stringify(raw)} (${(err as Error).message.split("\n")[0]}): expected {"LABEL": {"dir": "/abs/folder", "nested": true|false}} or @FILE holding it`);
  }
}
const databases = folders(values["database-folders"]);

const listener = values.listener ? await new Promise<Server>((resolve) => process.once("message", (_message, handle) => resolve(handle as Server))) : undefined;
process.disconnect?.();

const sandbox = await startSandbox({
  listener,
  token,
  port: count("port", values.port, DEFAULTS.port, 65_535),
  host: values.host ?? DEFAULTS.host,
  parallel: Math.max(1, count("parallel", values.parallel, DEFAULTS.parallel, MAX_PARALLEL)),
  maxSessions: count("max-sessions", values["max-sessions"], DEFAULTS.maxSessions, 10_000),
  databases,
}).catch((err: Error) => fail(err.message));

process.stdout.write(`sandbox listening on ${sandbox.url}\n`);

const shutdown = () => {
  sandbox.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, shutdown);
// A parent that started us with a stdin pipe may die without stopping us: the pipe closing is the
// one signal that always arrives.
if (values["exit-with-parent"]) {
  process.stdin.on("end", shutdown).resume();
}

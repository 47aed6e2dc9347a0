// `edge-gym view ROLLOUTS.jsonl`: read a rollouts file (and its _failures.jsonl) and serve the
// rollout viewer over it until Ctrl+C.
import { parseArgs } from "node:util";
import { bundledEnvironments } from "../view/environments.ts";
import { RolloutFile } from "../view/file_store.ts";
import { serveRollouts } from "../view/server.ts";
import { UsageError, port } from "./args.ts";

export const help = "view ROLLOUTS.jsonl [--port 11080] [--host 127.0.0.1]   browse a rollouts file and its failures in the browser";

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

export async function view(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { port: { type: "string" }, host: { type: "string" } }, allowPositionals: true, strict: true });
  } catch (err) {
    // Node's message for an unknown option runs on about "--": the option is what matters.
    const unknown = /^Unknown option '([^']+)'/.exec((err as Error).message)?.[1];
    const problem = unknown === undefined ? (err as Error).message.split("\n")[0] : `unknown option ${unknown}`;
    throw new UsageError(`${problem}; usage: edge-gym ${help.replace(/\s{2,}.*$/, "")}`);
  }
  const [file, ...stray] = parsed.positionals;
  if (file === undefined) throw new UsageError("view needs a rollouts file: edge-gym view ROLLOUTS.jsonl");
  if (stray.length) throw new UsageError(`view takes one file, got also "${stray[0]}"`);
  const host = parsed.values.host ?? "127.0.0.1";
  const listen = { host, port: port(parsed.values.port, "--port", 11080) };
  const store = await RolloutFile.load(file, { environmentOf: bundledEnvironments() });
  const served = await serveRollouts(store, listen).catch(async (err: Error) => {
    await store.close();
    throw err;
  });
  const failed = store.summaries.filter((s) => s.status === "failed").length;
  console.log(`${store.summaries.length} rollouts (${failed} failed) from ${file}`);
  // The file server asks no token: on another address, anyone who reaches it reads the rollouts.
  if (!LOOPBACK.has(host)) console.log(`listening on ${host} without a token: anyone who reaches this address reads these rollouts`);
  console.log(`viewer: ${served.url}   (Ctrl+C stops it)`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await served.close();
  await store.close();
  return 0;
}

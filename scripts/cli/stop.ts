// `edge-gym stop`: end a local stack that `start` (or `env start`) runs in another terminal, as
// Ctrl+C there would: SIGTERM, then wait for it to have shut down in order.
import { setTimeout as sleep } from "node:timers/promises";
import { alive, runningStacks } from "../stack/pid_file.ts";
import type { StackFile } from "../stack/pid_file.ts";
import { UsageError, parseCommand, port, positiveInt } from "./args.ts";

export const help = "stop [--head-port PORT] [--timeout-s 60]   end the local stack running in another terminal (the one on PORT when several run)";

function pick(stacks: StackFile[], headPort: number | undefined): StackFile {
  if (headPort !== undefined) {
    const found = stacks.find((s) => s.head_port === headPort);
    if (!found) throw new UsageError(`no running stack has its head on port ${headPort}${stacks.length ? ` (running: ${stacks.map((s) => s.head_port).join(", ")})` : ""}`);
    return found;
  }
  if (stacks.length === 0) throw new UsageError("no running stack found (start one with edge-gym start)");
  if (stacks.length > 1) throw new UsageError(`${stacks.length} stacks are running, heads on ports ${stacks.map((s) => s.head_port).join(", ")}: pick one with --head-port`);
  return stacks[0]!;
}

export async function stop(argv: string[]): Promise<number> {
  const { values, overrides } = parseCommand(argv, help, { "head-port": { type: "string" }, "timeout-s": { type: "string" } });
  if (overrides.length) throw new UsageError(`stop takes no overrides: ${overrides[0]}`);
  const headPort = values["head-port"] === undefined ? undefined : port(values["head-port"], "--head-port", 0);
  const timeoutMs = positiveInt(values["timeout-s"], "--timeout-s", 60) * 1000;
  const stack = pick(runningStacks(), headPort);
  console.log(`Stopping the stack of pid ${stack.pid} (head ${stack.head_url}, started ${stack.started_at} in ${stack.cwd})...`);
  process.kill(stack.pid, "SIGTERM");
  const deadline = Date.now() + timeoutMs;
  while (alive(stack.pid)) {
    if (Date.now() > deadline) {
      console.error(`edge-gym: the stack of pid ${stack.pid} still runs after ${timeoutMs / 1000} s; kill -9 ${stack.pid} ends it at once`);
      return 1;
    }
    await sleep(100);
  }
  console.log("Stopped.");
  return 0;
}

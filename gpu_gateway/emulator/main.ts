// CLI: node gpu_gateway/emulator/main.ts [--port 0] [--host 127.0.0.1] [--seed 42] [--p-correct 0.7]
//   [--latency-ms 0] [--model edge-gym-emulator] [--max-model-len 131072] [--enable-prompt-tokens-details]
//   [--exit-with-parent] [--listener] [--replay rollouts.jsonl]
// --listener: listen on the socket the launcher sends over IPC (already bound: its address is known
// before this process has loaded), instead of binding one.
// --replay: answer with the recorded turns of a NeMo Gym rollouts file instead of the skills (replay.ts).
// Prints exactly one line when listening (callers parse it): vLLM emulator listening on http://HOST:PORT
import type { Server } from "node:net";
import { parseArgs } from "node:util";
import { DEFAULTS, startEmulator } from "./server.ts";

function fail(message: string): never {
  process.stderr.write(`vLLM emulator: ${message}\n`);
  process.exit(2);
}

function number(flag: string, raw: string | undefined, fallback: number, valid: (n: number) => boolean): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === "" || !valid(value)) fail(`invalid --${flag} ${JSON.stringify(raw)}`);
  return value;
}

const isCount = (n: number) => Number.isInteger(n) && n >= 0;

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      seed: { type: "string" },
      "p-correct": { type: "string" },
      "latency-ms": { type: "string" },
      model: { type: "string" },
      "max-model-len": { type: "string" },
      "enable-prompt-tokens-details": { type: "boolean" },
      "exit-with-parent": { type: "boolean" },
      listener: { type: "boolean" },
      replay: { type: "string" },
    },
  }));
} catch (err) {
  fail((err as Error).message);
}

const listener = values.listener ? await new Promise<Server>((resolve) => process.once("message", (_message, handle) => resolve(handle as Server))) : undefined;
process.disconnect?.();

const emulator = await startEmulator({
  listener,
  port: number("port", values.port, DEFAULTS.port, (n) => isCount(n) && n <= 65_535),
  host: values.host ?? DEFAULTS.host,
  seed: number("seed", values.seed, DEFAULTS.seed, Number.isInteger),
  pCorrect: number("p-correct", values["p-correct"], DEFAULTS.pCorrect, (n) => n >= 0 && n <= 1),
  latencyMs: number("latency-ms", values["latency-ms"], DEFAULTS.latencyMs, (n) => n >= 0 && Number.isFinite(n)),
  model: values.model ?? DEFAULTS.model,
  maxModelLen: number("max-model-len", values["max-model-len"], DEFAULTS.maxModelLen, (n) => isCount(n) && n > 0),
  promptTokensDetails: values["enable-prompt-tokens-details"] ?? DEFAULTS.promptTokensDetails,
  replay: values.replay,
}).catch((err: Error) => fail(err.message));

process.stdout.write(`vLLM emulator listening on ${emulator.url}\n`);

const shutdown = () => {
  emulator.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, shutdown);
// A parent that started us with a stdin pipe may die without stopping us (SIGKILL, or a library's
// exit hook): the pipe closing is the one signal that always arrives.
if (values["exit-with-parent"]) {
  process.stdin.on("end", shutdown).resume();
}

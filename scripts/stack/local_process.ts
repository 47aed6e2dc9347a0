// Runs a local stand-in (the vLLM emulator, the code sandbox) as its own process, as the real
// service would be, and waits for the line that says where it listens.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { ROOT } from "../plan/registry.ts";

export interface LocalProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** `script` relative to the project root; `what` names it in errors. */
export async function spawnLocal(script: string, what: string, args: string[] = [], timeoutMs = 30_000): Promise<LocalProcess> {
  const child = spawn(process.execPath, [join(ROOT, script), "--port", "0", "--exit-with-parent", ...args], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the ${what} did not start within ${timeoutMs} ms`)), timeoutMs);
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      const match = /listening on (http:\/\/\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the ${what} exited with code ${code} before it was ready`));
    });
  });
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

export const spawnEmulator = (args: string[] = []) => spawnLocal("gpu_gateway/emulator/main.ts", "vLLM emulator", args);
export const spawnSandbox = () => spawnLocal("scripts/sandbox/main.ts", "code sandbox");

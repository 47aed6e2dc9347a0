// Runs the vLLM emulator as its own process, as a real GPU endpoint would be, and waits for the
// line that says where it listens.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { ROOT } from "../plan/registry.ts";

export interface EmulatorProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function spawnEmulator(args: string[] = [], timeoutMs = 30_000): Promise<EmulatorProcess> {
  const child = spawn(process.execPath, [join(ROOT, "gpu_gateway/emulator/main.ts"), "--port", "0", "--exit-with-parent", ...args], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the vLLM emulator did not start within ${timeoutMs} ms`)), timeoutMs);
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
      reject(new Error(`the vLLM emulator exited with code ${code} before it was ready`));
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

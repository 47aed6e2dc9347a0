// The CLI as a user runs it, without blocking this process: the fake stack answers from here.
import { spawn } from "node:child_process";

export function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["scripts/edge-gym.ts", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

export const jsonl = (rows: unknown[]) => rows.map((r) => `${JSON.stringify(r)}\n`).join("");
export const readJsonlFile = (text: string) => text.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));

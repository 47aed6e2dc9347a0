// `edge-gym view` as a user runs it, in a child process: its URL once it listens, and Ctrl+C.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { ROOT } from "../../../scripts/plan/registry.ts";

export interface Viewer {
  child: ChildProcess;
  /** The viewer page's URL, as printed. */
  url: string;
  lines: string[];
  /** Ctrl+C; resolves to the exit code. */
  stop(): Promise<number | null>;
}

export function startView(args: string[]): Promise<Viewer> {
  const child = spawn(process.execPath, ["scripts/bin/edge-gym.mjs", "view", ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
    return exited;
  };
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      lines.push(line);
      const url = /^viewer: (http:\S+)/.exec(line)?.[1];
      if (url) resolve({ child, url, lines, stop });
    });
    void exited.then((code) => reject(new Error(`edge-gym view exited with ${code}: ${stderr}`)));
  });
}

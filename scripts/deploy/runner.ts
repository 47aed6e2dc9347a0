// Running wrangler. Deploy and destroy take a Runner, so tests capture the exact command lines
// without running them; the real one spawns the project's wrangler under this process's Node (22,
// as `npx edge-gym` provides), quiet and without metrics.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { ROOT } from "../plan/registry.ts";

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `wrangler <args>` from the project root. */
export type Runner = (args: string[]) => Promise<Outcome>;

const WRANGLER = join(dirname(createRequire(import.meta.url).resolve("wrangler/package.json")), "bin", "wrangler.js");

export const QUIET_ENV = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  X_LOCAL_OBSERVABILITY: "false",
  X_LOCAL_EXPLORER: "false",
};

export const wranglerRunner: Runner = (args) =>
  new Promise((resolve, reject) => {
    // stdin closed: wrangler takes its non-interactive defaults instead of waiting on a prompt.
    const child = spawn(process.execPath, [WRANGLER, ...args], { cwd: ROOT, env: { ...process.env, ...QUIET_ENV }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });

const quote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);

/** The command as a person would type it. */
export const showCommand = (args: string[]) => `npx wrangler ${args.map(quote).join(" ")}`;

/** Wrangler's own error line (`✘ [ERROR] ...`), else the last line it printed. */
export function failureLine(outcome: Outcome): string {
  // Wrangler colours its errors even into a pipe.
  const plain = `${outcome.stderr}\n${outcome.stdout}`.replace(/\x1b\[[0-9;]*m/g, "");
  const lines = plain.split("\n").map((l) => l.trim()).filter(Boolean);
  const error = lines.find((l) => l.includes("[ERROR]"));
  return (error ?? lines.at(-1) ?? `exit code ${outcome.code}`).replace(/^✘\s*\[ERROR\]\s*/, "");
}

/** Runs `task` over `items`, at most `limit` at once; after a failure starts no more, and rethrows it once the running ones end. */
export async function forEachBounded<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (next < items.length && !failure) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw failure.error;
}

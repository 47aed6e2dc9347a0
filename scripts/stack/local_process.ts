// Runs a local stand-in (the vLLM emulator, the code sandbox) as its own process, as the real
// service would be. The launcher binds its socket first (port 0: no race) and hands it over
// (IPC), so the address is known at once and the stack can start while the process still loads;
// `ready` settles on the line that says it listens.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { ROOT } from "../plan/registry.ts";
import { SANDBOX_TOKEN_ENV } from "../sandbox/auth.ts";

export interface LocalProcess {
  url: string;
  pid: number;
  /** The bearer token it requires (a sandbox's, made per run), when it requires one. */
  token?: string;
  stop(): Promise<void>;
}

export interface StartingProcess extends LocalProcess {
  /** Settles once the process serves (its socket takes connections from the start: they wait). */
  ready: Promise<void>;
}

/** A socket listening on a port of the OS's choice, on loopback. */
async function boundSocket() {
  const listener = createServer();
  await new Promise<void>((resolve, reject) => {
    listener.once("error", reject);
    listener.listen(0, "127.0.0.1", resolve);
  });
  return { listener, url: `http://127.0.0.1:${(listener.address() as AddressInfo).port}` };
}

/**
 * `script` relative to the project root; `what` names it in errors. Given `--port`, the process
 * binds that port itself, and its address is known once it is ready. `env`: variables added to ours.
 */
export async function startLocal(script: string, what: string, args: string[] = [], env: Record<string, string> = {}, timeoutMs = 30_000): Promise<StartingProcess> {
  const ownPort = args.includes("--port");
  const bound = ownPort ? undefined : await boundSocket();
  const child = spawn(process.execPath, [join(ROOT, script), "--exit-with-parent", ...(bound ? ["--listener"] : []), ...args], {
    stdio: ["pipe", "pipe", "inherit", ...(bound ? ["ipc" as const] : [])],
    env: { ...process.env, ...env },
  });
  // The listening socket goes to the child, and the launcher's copy is closed once it has.
  if (bound) child.send("listener", bound.listener, () => bound.listener.close());
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the ${what} did not start within ${timeoutMs} ms`)), timeoutMs);
    createInterface({ input: child.stdout! }).on("line", (line) => {
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
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  if (bound) {
    // Nobody may be waiting on it yet: a failure is the caller's to see through `ready`.
    listening.catch(() => {});
    return { url: bound.url, pid: child.pid!, ready: listening.then(() => {}), stop };
  }
  const url = await listening.catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  return { url, pid: child.pid!, ready: Promise.resolve(), stop };
}

/** As startLocal, ready when it resolves. */
export async function spawnLocal(script: string, what: string, args: string[] = [], env: Record<string, string> = {}): Promise<LocalProcess> {
  const started = await startLocal(script, what, args, env);
  await started.ready.catch(async (err: unknown) => {
    await started.stop();
    throw err;
  });
  return started;
}

const EMULATOR = "gpu_gateway/emulator/main.ts";
const SANDBOX = "scripts/sandbox/main.ts";

// A sandbox given a token requires it (a stack's always is); one without is open, for tests and benches.
const sandboxEnv = (token: string | undefined): Record<string, string> => (token === undefined ? {} : { [SANDBOX_TOKEN_ENV]: token });
const withToken = <P extends LocalProcess>(started: P, token: string | undefined): P => (token === undefined ? started : { ...started, token });

export const startEmulator = (args: string[] = []) => startLocal(EMULATOR, "vLLM emulator", args);
export const startSandbox = async (token?: string, args: string[] = []) => withToken(await startLocal(SANDBOX, "code sandbox", args, sandboxEnv(token)), token);
export const spawnEmulator = (args: string[] = []) => spawnLocal(EMULATOR, "vLLM emulator", args);
export const spawnSandbox = async (token?: string, args: string[] = []) => withToken(await spawnLocal(SANDBOX, "code sandbox", args, sandboxEnv(token)), token);

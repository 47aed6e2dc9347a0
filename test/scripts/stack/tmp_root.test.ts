// A killed stack's temporary files do not pile up: each stack keeps Miniflare's directory inside
// one of its own, named after its process, and a start removes those of processes that are gone,
// never one whose process runs, nor anything it did not make; a runtime the killed stack left
// running is ended.
import { spawn, spawnSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";
import { sweepStaleRoots } from "../../../scripts/stack/tmp_root.ts";

/** The pid of a process that has ended. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ["-e", ""]);
  return pid!;
}

/** A directory as a stack of process `pid` leaves it: Miniflare's, with storage, inside. */
function leftBy(parent: string, pid: number, suffix: string): string {
  const root = join(parent, `edge-gym-stack-${pid}-${suffix}`);
  mkdirSync(join(root, "miniflare-0123", "do", "w-SessionDO"), { recursive: true });
  writeFileSync(join(root, "miniflare-0123", "do", "w-SessionDO", "abc.sqlite"), "x");
  return root;
}

let running: RunningStack | undefined;
let standIn: ChildProcess | undefined;
afterAll(async () => {
  await running?.stop();
  if (standIn?.exitCode === null && standIn.signalCode === null) standIn.kill("SIGKILL");
});

test("the sweep removes the directories of ended processes only", () => {
  const parent = mkdtempSync(join(tmpdir(), "edge-gym-sweep-"));
  const dead = leftBy(parent, deadPid(), "aaaaaa");
  const live = leftBy(parent, process.pid, "bbbbbb");
  const foreign = join(parent, "miniflare-4567");
  mkdirSync(foreign);
  expect(sweepStaleRoots(parent)).toEqual([dead]);
  expect([existsSync(dead), existsSync(live), existsSync(foreign)]).toEqual([false, true, true]);
});

test("the sweep ends a runtime that outlived its stack, found by the files it holds open", async () => {
  const parent = mkdtempSync(join(tmpdir(), "edge-gym-sweep-"));
  const root = leftBy(parent, deadPid(), "dddddd");
  // A stand-in for the orphaned workerd: a program of that name (a copy of sleep) holding one of
  // the stack's files open.
  const program = join(parent, "workerd");
  copyFileSync(spawnSync("sh", ["-c", "command -v sleep"], { encoding: "utf8" }).stdout.trim(), program);
  const held = join(root, "miniflare-0123", "do", "w-SessionDO", "abc.sqlite");
  standIn = spawn("sh", ["-c", 'exec "$0" 600 3<"$1"', program, held], { stdio: "ignore" });
  const exited = once(standIn, "exit");
  const exe = () => {
    try {
      return basename(readlinkSync(`/proc/${standIn!.pid}/exe`));
    } catch {
      return "";
    }
  };
  while (exe() !== "workerd") await new Promise((r) => setTimeout(r, 10));
  expect(sweepStaleRoots(parent)).toEqual([root]);
  expect(await exited).toEqual([null, "SIGKILL"]);
});

test("a start cleans up after a killed stack, and its own files live and die in its own directory", async () => {
  const stale = leftBy(tmpdir(), deadPid(), "cccccc");
  const ours = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`edge-gym-stack-${process.pid}-`));
  const before = ours();
  running = await bringUp({ headPort: 0, only: ["example_single_tool_call"] });
  expect(existsSync(stale)).toBe(false);
  const created = ours().filter((name) => !before.includes(name));
  expect(created).toHaveLength(1);
  // Miniflare's directory (its storage, as the stack is not persisted) is inside the stack's.
  expect(readdirSync(join(tmpdir(), created[0]!)).filter((name) => name.startsWith("miniflare-"))).toHaveLength(1);
  await running.stop();
  running = undefined;
  expect(existsSync(join(tmpdir(), created[0]!))).toBe(false);
});

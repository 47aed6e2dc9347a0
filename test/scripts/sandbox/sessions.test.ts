// Stateful sessions of the local sandbox, for real: a sandbox process as the stack starts it, and
// cells that keep state, fail, run out of limits, try to leave their session, and outlive nothing.
import { execFileSync } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { spawnLocal } from "../../../scripts/stack/local_process.ts";
import type { LocalProcess } from "../../../scripts/stack/local_process.ts";
import { CellResultSchema, type CellResult } from "../../../shared/sandbox/schema.ts";

let sandbox: LocalProcess;

beforeAll(async () => {
  sandbox = await spawnLocal("scripts/sandbox/main.ts", "code sandbox", ["--max-sessions", "3"]);
}, 30_000);

afterAll(async () => {
  await sandbox.stop();
});

async function send(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${sandbox.url}${path}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}

/** Every session a test used: closed after it, so one failure does not fill the sandbox for the next. */
const used = new Set<string>();
afterEach(async () => {
  await Promise.all([...used].map((id) => send("DELETE", `/sessions/${id}`)));
  used.clear();
});

/** A cell's answer: always a 200 with a whole cell result, whatever the code did. */
async function cell(session: string, code: string, extra: object = {}): Promise<CellResult> {
  used.add(session);
  const { status, json } = await send("POST", `/sessions/${session}/cells`, { code, ...extra });
  expect(status, JSON.stringify(json).slice(0, 500)).toBe(200);
  return CellResultSchema.parse(json);
}

const close = (session: string) => send("DELETE", `/sessions/${session}`);

/** The uids of processes that are still alive on the host (session uids start at 62000). */
function sessionProcesses(): number {
  const out = execFileSync("ps", ["-eo", "uid="], { encoding: "utf8" });
  return out.split("\n").filter((uid) => Number(uid) >= 62_000 && Number(uid) < 72_000).length;
}

describe("a session keeps state between cells", () => {
  test("variables, imports, functions and workspace files persist; the last expression is the result", async () => {
    const first = await cell("keep", "import math\nx = 6\ndef f(n): return n * 7\n_ = open('note.txt', 'w').write('kept')");
    expect(first).toMatchObject({ new_session: true, session_ended: false, error: null, result: null });
    const second = await cell("keep", "print(math.factorial(x))\nf(x)");
    expect(second).toMatchObject({ stdout: "720\n", result: "42", new_session: false, error: null });
    expect((await cell("keep", "open('note.txt').read()")).result).toBe("kept");
    expect(await close("keep")).toEqual({ status: 200, json: { closed: true } });
    expect(await close("keep")).toEqual({ status: 200, json: { closed: false } });
  });

  test("sessions are apart: another id sees neither variables nor files", async () => {
    await cell("a", "secret = 1\nopen('/tmp/a', 'w').write('x')");
    const other = await cell("b", "import os\nprint(os.listdir('/tmp'), os.listdir('.'))\nsecret");
    expect(other.stdout).toBe("[] []\n");
    expect(other.error).toBe("NameError: name 'secret' is not defined");
    await Promise.all([close("a"), close("b")]);
  });

  test("an exception ends the cell, not the session; the traceback shows the cell's frames only", async () => {
    const failed = await cell("err", "y = 2\ndef g():\n    return 1 / 0\ng()");
    expect(failed.error).toBe("ZeroDivisionError: division by zero");
    expect(failed.traceback).toContain('File "<cell>", line 3, in g');
    expect(failed.traceback).not.toContain("<string>");
    expect(failed.stderr).toBe(failed.traceback);
    expect((await cell("err", "raise SystemExit(3)")).error).toBe("SystemExit: 3");
    expect((await cell("err", "x = (")).error).toMatch(/^SyntaxError/);
    expect(await cell("err", "y")).toMatchObject({ result: "2", session_ended: false });
    await close("err");
  });

  test("output of print, os.write and child processes is captured, and capped", async () => {
    const out = await cell("out", "import os, subprocess\nprint('p')\nos.write(1, b'w\\n')\nsubprocess.run(['echo', 'child'])\nos.write(2, b'e')");
    expect(out).toMatchObject({ stdout: "p\nw\nchild\n", stderr: "e", output_truncated: false });
    await close("out");
    const capped = await cell("cap", "print('x' * 1000)", { limits: { output_bytes: 100 } });
    expect(capped).toMatchObject({ stdout: "x".repeat(100), output_truncated: true });
    await close("cap");
  });
});

describe("limits end the session, and the next cell starts afresh", () => {
  test("a cell past its wall limit is killed; the session restarts empty", async () => {
    await cell("slow", "kept = 1", { limits: { wall_s: 1 } });
    const slow = await cell("slow", "import time\ntime.sleep(30)");
    expect(slow).toMatchObject({ timed_out: true, session_ended: true });
    expect(slow.duration_ms).toBeLessThan(5000);
    const after = await cell("slow", "kept");
    expect(after).toMatchObject({ new_session: true, error: "NameError: name 'kept' is not defined" });
    await close("slow");
  });

  test("CPU time is the session's, memory is capped, os._exit ends it", async () => {
    const spin = await cell("cpu", "while True: pass", { limits: { cpu_s: 1, wall_s: 20 } });
    expect(spin).toMatchObject({ session_ended: true, timed_out: false, error: "the session used up its 1 s of CPU time" });
    const big = await cell("mem", "b = bytearray(400 * 1024 * 1024)", { limits: { memory_mb: 256 } });
    expect(big).toMatchObject({ out_of_memory: true, error: "MemoryError", session_ended: false });
    expect((await cell("mem", "1 + 1")).result).toBe("2");
    const exited = await cell("mem", "import os\nos._exit(4)");
    expect(exited).toMatchObject({ session_ended: true, error: "the interpreter exited (exit code 4)" });
    await Promise.all([close("cpu"), close("mem")]);
  });

  test("a fork bomb stays inside its session", async () => {
    const bomb = await cell("bomb", "import os\nn = 0\ntry:\n    while True:\n        if os.fork() == 0:\n            import time; time.sleep(60)\n        n += 1\nexcept OSError:\n    pass\nn", { limits: { processes: 8, wall_s: 5 } });
    expect(Number(bomb.result)).toBeLessThan(8);
    await close("bomb");
  });

});

// The interpreter's own channel is reachable from a cell (`import __main__`): what a cell writes
// there is dropped or, at most, becomes its own answer; the host's channel is its supervisor's.
const CHANNEL = "import __main__ as repl, json, os\nchannel = repl.control_out.fileno()\n";
const forge = (fields: string) => `json.dumps({"seq": repl.cell.get("seq", 0), "stdout": "forged", "stderr": "", "error": None, "traceback": None, "result": None, "output_truncated": False, ${fields}})`;

describe("a cell cannot forge or break its session's channel", () => {
  test("malformed lines are dropped: the cell answers its own output and the session goes on", async () => {
    const lines = ["not a frame", "{", "5", "null", "[]", '{"stdout": 5}', '{"seq": true}', "1e999999", "[".repeat(100_000)];
    const answered = await cell("junk", `${CHANNEL}for line in ${JSON.stringify(lines)}:\n    os.write(channel, line.encode() + b"\\n")\nprint("mine")`);
    expect(answered).toMatchObject({ stdout: "mine\n", error: null, session_ended: false });
    expect(await cell("junk", "6 * 7")).toMatchObject({ result: "42", new_session: false });
  });

  test("a forged well-formed answer is at most the cell's own: the host's flags, clipped, and never the next cell's", async () => {
    const code = [
      CHANNEL,
      `for fields in ['"seq": repl.cell.get("seq", 0) + 1', '"seq": str(repl.cell.get("seq", 0))', '"session_ended": True', '"timed_out": True, "new_session": False']:`,
      `    os.write(channel, (${forge("**eval('{' + fields + '}')")} + "\\n").encode())`,
      `os.write(channel, (${forge('"result": "x" * 5000')} + "\\n").encode())`,
      "print('genuine')",
    ].join("\n");
    const forged = await cell("forged", code, { limits: { output_bytes: 1000 } });
    expect(forged).toMatchObject({ stdout: "forged", result: "x".repeat(1000), output_truncated: true, new_session: true, session_ended: false, timed_out: false });
    // The genuine answer to that cell arrives late, with its old number: it is not the next cell's.
    expect(await cell("forged", "'next'")).toMatchObject({ result: "next", stdout: "", new_session: false });
  });

  test("48 MiB without a newline into the channel: the cell still answers, and so does the next", async () => {
    const flood = await cell("flood", `${CHANNEL}chunk = b"x" * (1 << 20)\nfor _ in range(48):\n    os.write(channel, chunk)\nprint("done")`);
    expect(flood).toMatchObject({ stdout: "done\n", error: null, session_ended: false });
    expect(await cell("flood", "1 + 1")).toMatchObject({ result: "2", session_ended: false });
  });

  test("a thread that keeps writing after its cell returned cannot make a later cell fail", async () => {
    const spam = [
      CHANNEL + "import threading, time",
      "def spam():",
      "    while True:",
      `        os.write(channel, b"junk" * 1000 + b"\\n" + (${forge('"stdout": "from the thread"')} + "\\n").encode())`,
      "        time.sleep(0.005)",
      "threading.Thread(target=spam, daemon=True).start()",
    ].join("\n");
    await cell("thread", spam);
    for (let i = 0; i < 5; i++) {
      const later = await cell("thread", `print(${i})`);
      // Its own answer, or the thread's forgery of it: the session's own code either way.
      expect(later.session_ended).toBe(false);
      expect([`${i}\n`, "from the thread"]).toContain(later.stdout);
    }
  });

  test("cutting the channel, killing the interpreter, os._exit: the session ends as the cell's own result", async () => {
    const endings: Array<[string, string]> = [
      ["close", `${CHANNEL}os.close(channel)\nos.close(repl.control_in.fileno())`],
      ["dup2", `${CHANNEL}os.dup2(os.open(os.devnull, os.O_WRONLY), channel)\nprint("lost")`],
      ["self", "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)"],
      ["exit", "import os\nos._exit(0)"],
    ];
    for (const [id, code] of endings) {
      await cell(id, "kept = 1", { limits: { wall_s: 2 } });
      const ended = await cell(id, code);
      expect(ended.session_ended, id).toBe(true);
      expect(await cell(id, "'kept' in dir()"), id).toMatchObject({ new_session: true, result: "False" });
      await close(id);
    }
  });

  test("the supervisor is out of reach: its fds, its memory and signals to it are refused", async () => {
    const probe = [
      "import ctypes, os, signal",
      "def attempt(f):",
      "    try: f(); return 'done'",
      "    except OSError as e: return e.errno",
      "print(os.getppid())",
      "print(attempt(lambda: os.listdir('/proc/1/fd')), attempt(lambda: open('/proc/1/mem', 'rb')), attempt(lambda: os.kill(1, signal.SIGKILL)))",
      "libc = ctypes.CDLL(None, use_errno=True)",
      "print(libc.ptrace(16, 1, None, None), ctypes.get_errno())", // PTRACE_ATTACH: EPERM
    ].join("\n");
    const answered = await cell("reach", probe);
    expect(answered.stdout).toBe("1\n13 13 1\n-1 1\n");
    // Every process it may signal: its own children only (not itself, not its supervisor).
    await cell("reach", "import os, signal, subprocess\nsubprocess.Popen(['sleep', '60'])\nos.kill(-1, signal.SIGKILL)");
    expect(await cell("reach", "'alive'")).toMatchObject({ result: "alive", session_ended: false });
  });
});

describe("capacity, bad requests and cleanup", () => {
  test("past --max-sessions a new session is refused with 503; closing one frees its place", async () => {
    await Promise.all(["c1", "c2", "c3"].map((id) => cell(id, "1")));
    const refused = await send("POST", "/sessions/c4/cells", { code: "1" });
    expect(refused.status).toBe(503);
    expect(refused.json.error).toContain("3 sessions open");
    await close("c1");
    expect((await cell("c4", "1")).result).toBe("1");
    await Promise.all(["c2", "c3", "c4"].map(close));
  });

  test("an explicit open, then its settings hold; an idle session is released after its TTL", async () => {
    expect((await send("POST", "/sessions/idle", { idle_ttl_s: 1 })).json).toEqual({ session: "idle", created: true });
    expect((await send("POST", "/sessions/idle", {})).json).toEqual({ session: "idle", created: false });
    await cell("idle", "v = 1");
    await new Promise((r) => setTimeout(r, 1500));
    expect(await cell("idle", "v")).toMatchObject({ new_session: true, error: "NameError: name 'v' is not defined" });
    await close("idle");
  });

  test("bad ids and bodies are 400 with the field", async () => {
    expect((await send("POST", "/sessions/a.b/cells", { code: "1" })).json.issues[0].path).toBe("session");
    expect((await send("POST", "/sessions/x/cells", { code: 1 })).json.issues[0].path).toBe("code");
    expect((await send("POST", "/sessions/x/cells", { code: "1", limits: { memory_mb: 1e6 } })).status).toBe(400);
    expect((await send("GET", "/sessions/x/cells")).status).toBe(405);
  });

  test("closed sessions leave no process behind", async () => {
    await cell("gone", "import subprocess\nsubprocess.Popen(['sleep', '60'])");
    expect(sessionProcesses()).toBeGreaterThan(0);
    await close("gone");
    await expect.poll(sessionProcesses, { timeout: 5000 }).toBe(0);
  });
});

// The local sandbox provider, for real: the server is started as its own process (as the stack
// would start it) and every isolation claim is checked by running code that tries to break it.
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ROOT } from "../../../scripts/plan/registry.ts";
import type { RunResult } from "../../../shared/sandbox/schema.ts";
import { UID_BASE } from "../../../scripts/sandbox/uid_pool.ts";

let child: ChildProcess;
let url: string;

beforeAll(async () => {
  child = spawn(process.execPath, [join(ROOT, "scripts/sandbox/main.ts"), "--port", "0", "--exit-with-parent"], { stdio: ["pipe", "pipe", "inherit"] });
  url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const match = /^sandbox listening on (http:\/\/\S+)$/.exec(line);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
}, 30_000);

afterAll(async () => {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
});

async function post(body: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${url}/run`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}

async function run(body: object): Promise<RunResult> {
  const { status, json } = await post(body);
  expect(status, JSON.stringify(json)).toBe(200);
  return json as RunResult;
}

const py = (code: string, extra: object = {}) => run({ language: "python", files: { "main.py": code }, ...extra });

// SysV IPC and POSIX message queues through libc, for runs that try to leave some behind.
const IPC = `import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
KEY, IPC_PRIVATE, IPC_CREAT = 0x5EED, 0, 0o1000
class Message(ctypes.Structure):
    _fields_ = [("mtype", ctypes.c_long), ("text", ctypes.c_char * 16)]`;

// Kernel keys, by syscall number (x86_64, aarch64): add_key, and keyctl(KEYCTL_SEARCH).
const KEYS = `import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
ADD_KEY, KEYCTL = {"x86_64": (248, 250), "aarch64": (217, 219)}[os.uname().machine]
SESSION_RING, USER_RING, KEYCTL_SEARCH = -3, -4, 10
def add_key(ring, name):
    return libc.syscall(ADD_KEY, b"user", name, b"secret", 6, ctypes.c_int(ring))
def find_key(ring, name):
    return libc.syscall(KEYCTL, KEYCTL_SEARCH, ctypes.c_int(ring), b"user", name, 0)`;

/** SysV IPC objects on the host owned by a sandbox uid, by kind: what runs left behind. */
function hostIpcOfRuns(): Record<"shm" | "msg" | "sem", number> {
  const count = (kind: string) => {
    const [header, ...rows] = readFileSync(`/proc/sysvipc/${kind}`, "utf8").trim().split("\n");
    const uidColumn = header!.trim().split(/\s+/).indexOf("uid");
    return rows.filter((row) => Number(row.trim().split(/\s+/)[uidColumn]) >= UID_BASE).length;
  };
  return { shm: count("shm"), msg: count("msg"), sem: count("sem") };
}

/** Host processes of a sandbox uid that are running or ready to run. */
function runnableOfRuns(): number {
  let count = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
      if (uid >= UID_BASE && /^State:\s+R/m.test(status)) count++;
    } catch {
      // It ended while being read.
    }
  }
  return count;
}

describe("running code", () => {
  test("health names the interpreter", async () => {
    const res = await fetch(`${url}/health`);
    expect(await res.json()).toEqual({ status: "ok", python: expect.stringMatching(/^3\./), sessions: 0, runs: { running: 0, waiting: 0 }, memory_cap: expect.stringMatching(/^per-(run|process)$/), cpu_share: expect.stringMatching(/^per-(run|process)$/) });
  });

  test("hello world, stdin to stdout, sibling modules import", async () => {
    const result = await run({
      language: "python",
      files: { "main.py": "import helper\nprint(helper.shout(input()))", "helper.py": "def shout(s): return s.upper() + '!'" },
      stdin: "hello\n",
    });
    expect(result).toMatchObject({ stdout: "HELLO!\n", stderr: "", exit_code: 0, signal: null, timed_out: false, out_of_memory: false, output_truncated: false });
  });

  test("a command and an entry other than main.py", async () => {
    expect((await run({ command: ["python3", "-c", "print(6*7)"] })).stdout).toBe("42\n");
    expect((await run({ language: "python", entry: "pkg/run.py", files: { "pkg/run.py": "print('deep')" } })).stdout).toBe("deep\n");
  });

  test("exit codes pass through", async () => {
    expect((await py("import sys; sys.exit(3)")).exit_code).toBe(3);
    expect((await py("raise ValueError('boom')")).exit_code).toBe(1);
  });

  test("a syntax error is the program's failure, not the sandbox's", async () => {
    const result = await py("def (:\n");
    expect(result.exit_code).toBe(1);
    expect(result.stderr).toContain("SyntaxError");
  });

  test("a signal is reported by name", async () => {
    const result = await py("import os, signal; os.kill(os.getpid(), signal.SIGTERM)");
    expect(result).toMatchObject({ exit_code: null, signal: "SIGTERM", timed_out: false });
  });
});

describe("limits", () => {
  // The wall clock starts before the interpreter does: 3 s leaves a loaded CI machine time to print first.
  test("an infinite sleep ends at the wall limit", async () => {
    const result = await py("import time\nprint('started', flush=True)\nwhile True: time.sleep(1)", { limits: { wall_s: 3 } });
    expect(result).toMatchObject({ stdout: "started\n", timed_out: true, signal: "SIGKILL", exit_code: null });
    expect(result.duration_ms).toBeGreaterThanOrEqual(3000);
    expect(result.duration_ms).toBeLessThan(6000);
  });

  test("a busy loop ends at the CPU limit before the wall limit", async () => {
    const result = await py("while True: pass", { limits: { cpu_s: 1, wall_s: 10 } });
    expect(result).toMatchObject({ signal: "SIGXCPU", timed_out: false });
    expect(result.duration_ms).toBeLessThan(4000);
  });

  // The work's limit is generous, so a CI machine loaded by other tests as well cannot starve it
  // (deadline.ts); the claim is its own time against its latency.
  test("time spent waiting for a CPU is not the run's own: 0.3 s of work beside 7 busy runs counts about 0.3 s", async () => {
    const busy = Array.from({ length: 7 }, () => post({ language: "python", files: { "main.py": "while True: pass" }, limits: { wall_s: 10, cpu_s: 2 } }));
    // The work starts once the seven are spinning, not while their namespaces are still being built.
    for (const waitUntil = performance.now() + 20_000; runnableOfRuns() < 7; ) {
      expect(performance.now(), "the seven busy runs were not all running within 20 s").toBeLessThan(waitUntil);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const began = performance.now();
    const work = await py("import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\nprint('done')", { limits: { wall_s: 10 } });
    const latency = performance.now() - began;
    expect(work).toMatchObject({ stdout: "done\n", timed_out: false });
    // Eight busy programs share this machine's cores: most of its wall time it waited for one.
    expect(work.duration_ms).toBeGreaterThanOrEqual(300);
    expect(work.duration_ms * 2).toBeLessThan(latency);
    // Each busy run ends at a limit: its CPU limit, or its own time (a machine may lose time no
    // counter sees), or, on one too loaded to give it 2 s of CPU at all, as starved.
    for (const { status, json } of await Promise.all(busy)) {
      if (status !== 200) expect({ status, error: json.error }).toEqual({ status: 503, error: expect.stringContaining("the machine was too busy") });
      else if (!json.timed_out) expect(json).toMatchObject({ signal: "SIGXCPU" });
      else expect(json).toMatchObject({ signal: "SIGKILL", stdout: "" });
    }
  }, 60_000);

  test("allocating 2 GB under a 256 MB cap fails as out of memory", async () => {
    const result = await py("x = bytearray(2 * 1024**3)", { limits: { memory_mb: 256 } });
    expect(result).toMatchObject({ exit_code: 1, out_of_memory: true, timed_out: false });
    expect(result.stderr).toContain("MemoryError");
  });

  test("memory is capped for the whole run where the host has memory cgroups: four 100 MB children under 256 MB", async () => {
    const health = (await (await fetch(`${url}/health`)).json()) as { memory_cap: string };
    const code = [
      "import os, time",
      "kids = []",
      "for _ in range(4):",
      "    pid = os.fork()",
      "    if pid == 0:",
      "        b = bytearray(100 * 1024 * 1024)",
      "        b[::4096] = b'x' * len(b[::4096])",
      "        time.sleep(2)",
      "        os._exit(0)",
      "    kids.append(pid)",
      "print(sorted(os.waitstatus_to_exitcode(os.waitpid(k, 0)[1]) for k in kids))",
    ].join("\n");
    const result = await py(code, { limits: { memory_mb: 256, wall_s: 20 } });
    if (health.memory_cap === "per-run") {
      // Each child is under the per-process cap, together they are not: the kernel kills some (-9).
      expect(result.stdout).toMatch(/-9/);
      expect(result.out_of_memory).toBe(true);
    } else {
      expect(result.stdout).toBe("[0, 0, 0, 0]\n");
    }
  }, 30_000);

  test("a fork bomb is contained and the next run works", async () => {
    const bomb = "import os\nwhile True:\n    try: os.fork()\n    except OSError: pass";
    const result = await py(bomb, { limits: { processes: 16, wall_s: 3 } });
    expect(result.timed_out).toBe(true);
    const after = await py("print('fine')");
    expect(after).toMatchObject({ stdout: "fine\n", exit_code: 0 });
  }, 20_000);

  test("processes beyond the limit cannot be started", async () => {
    const code = "import os, time\nn = 0\ntry:\n    while True:\n        if os.fork() == 0:\n            time.sleep(30)\n        n += 1\nexcept OSError as e:\n    print(n, e.errno)";
    const result = await py(code, { limits: { processes: 8 } });
    // 8 processes of the run's uid: the program itself and 7 children.
    expect(result.stdout).toBe("7 11\n");
  });

  test("a file above file_bytes cannot be written", async () => {
    const result = await py("open('big', 'wb').write(b'x' * 100_000)", { limits: { file_bytes: 10_000 } });
    expect(result.exit_code).not.toBe(0);
    expect(result.stderr).toMatch(/File too large|No space left/);
  });

  test("output is cut at output_bytes and marked", async () => {
    const result = await py("import sys\nprint('a' * 100_000)\nsys.stderr.write('b' * 50)", { limits: { output_bytes: 1000 } });
    expect(result.stdout).toBe("a".repeat(1000));
    expect(result.stderr).toBe("b".repeat(50));
    expect(result).toMatchObject({ output_truncated: true, exit_code: 0 });
  });
});

describe("isolation", () => {
  test("no network: neither this server's own port nor an outside address", async () => {
    const port = new URL(url).port;
    const code = [
      "import socket",
      `for addr in [('127.0.0.1', ${port}), ('192.0.2.1', 80)]:`,
      "    s = socket.socket(); s.settimeout(2)",
      "    try: s.connect(addr); print('connected', addr)",
      "    except OSError as e: print('refused', e.errno)",
    ].join("\n");
    const result = await py(code);
    // ENETUNREACH: the namespace's only interface, loopback, is down.
    expect(result.stdout).toBe("refused 101\nrefused 101\n");
  });

  test("the host's files are not there; /etc is, read-only", async () => {
    const code = [
      "import os",
      "for p in ['/work/main/package.json', '/root/.bashrc', '/tmp']:",
      "    print(p, os.path.exists(p) and os.listdir(p) if os.path.isdir(p) else os.path.exists(p))",
      "print(sorted(os.listdir('/')))",
      "print(os.listdir('/root'))",
      "print(bool(open('/etc/hostname').read()))",
      "for p in ['/etc/x', '/usr/x', '/x']:",
      "    try: open(p, 'w')",
      "    except OSError as e: print(p, e.errno)",
      "print(os.getuid(), os.getcwd(), os.environ['HOME'], sorted(os.environ))",
      "print(sorted(int(p) for p in os.listdir('/proc') if p.isdigit()) == [1, os.getpid()])",
    ].join("\n");
    const lines = (await py(code)).stdout.trim().split("\n");
    expect(lines.slice(0, 3)).toEqual(["/work/main/package.json False", "/root/.bashrc False", "/tmp []"]);
    expect(lines[3]).toBe("['bin', 'dev', 'etc', 'lib', 'lib64', 'proc', 'root', 'sandbox', 'sbin', 'tmp', 'usr']");
    expect(lines[4]).toBe("['.pyenv']");
    expect(lines[5]).toBe("True");
    // EROFS for the read-only binds and the root; nothing outside the workspace and /tmp is writable.
    expect(lines.slice(6, 9)).toEqual(["/etc/x 30", "/usr/x 30", "/x 30"]);
    expect(lines[9]).toBe("1000 /sandbox /sandbox ['HOME', 'LANG', 'PATH']");
    // Its own pid namespace: the trusted init (1) and the program.
    expect(lines[10]).toBe("True");
  });

  test("a file written by one run is not visible to the next", async () => {
    const left = await py("for p in ['left.txt', '/tmp/left.txt', '/dev/shm/left']: open(p, 'w').write('x')");
    expect(left.exit_code).toBe(0);
    const result = await py("import os; print(os.listdir('.'), os.listdir('/tmp'), os.listdir('/dev/shm'))");
    expect(result.stdout).toBe("['main.py'] [] []\n");
  });

  test("multiprocessing's locks work: the run has a /dev/shm of its own", async () => {
    const result = await py("import multiprocessing as mp\nwith mp.Lock(): print(mp.Value('i', 41).value + 1)");
    expect(result).toMatchObject({ stdout: "42\n", exit_code: 0 });
  });

  test("SysV shared memory, message queues, semaphores and POSIX message queues of one run are not in the next", async () => {
    const made = await py(`${IPC}
shm = libc.shmget(KEY, 1 << 20, IPC_CREAT | 0o666)
ctypes.memmove(libc.shmat(shm, None, 0), b"left by run 1", 13)
msq = libc.msgget(KEY, IPC_CREAT | 0o666)
sent = libc.msgsnd(msq, ctypes.byref(Message(1, b"left by run 1")), 16, 0)
sem = libc.semget(KEY, 1, IPC_CREAT | 0o666)
mq = libc.mq_open(b"/left", os.O_CREAT | os.O_RDWR, 0o666, None)
print(shm >= 0, msq >= 0, sent, sem >= 0, mq >= 0)`);
    expect(made.stdout).toBe("True True 0 True True\n");
    const found = await py(`${IPC}
print(libc.shmget(KEY, 0, 0), libc.msgget(KEY, 0), libc.semget(KEY, 0, 0), libc.mq_open(b"/left", os.O_RDONLY))`);
    expect(found.stdout).toBe("-1 -1 -1 -1\n");
    expect(hostIpcOfRuns()).toEqual({ shm: 0, msg: 0, sem: 0 });
  });

  test("host shared memory does not grow across 50 runs that each leave a 1 MiB segment and a queue", async () => {
    const leave = `${IPC}
shm = libc.shmget(IPC_PRIVATE, 1 << 20, IPC_CREAT | 0o600)
ctypes.memset(libc.shmat(shm, None, 0), 1, 1 << 20)
msq = libc.msgget(IPC_PRIVATE, IPC_CREAT | 0o600)
print(shm >= 0 and msq >= 0 and libc.msgsnd(msq, ctypes.byref(Message(1, b"x")), 16, 0) == 0)`;
    const before = hostIpcOfRuns();
    for (let batch = 0; batch < 5; batch++) {
      const results = await Promise.all(Array.from({ length: 10 }, () => py(leave)));
      expect(results.map((r) => r.stdout)).toEqual(Array(10).fill("True\n"));
    }
    expect(before).toEqual({ shm: 0, msg: 0, sem: 0 });
    expect(hostIpcOfRuns()).toEqual({ shm: 0, msg: 0, sem: 0 });
  }, 60_000);

  test("a run's hostname, cgroups and kernel keys are its own", async () => {
    const first = await py(`${KEYS}
import socket
print(socket.gethostname(), sorted({line.split(":", 2)[2] for line in open("/proc/self/cgroup").read().split()}))
print([add_key(ring, b"left") > 0 for ring in (SESSION_RING, USER_RING)])`);
    expect(first.stdout).toBe("sandbox ['/']\n[True, True]\n");
    const second = await py(`${KEYS}
print([find_key(ring, b"left") for ring in (SESSION_RING, USER_RING)])`);
    expect(second.stdout).toBe("[-1, -1]\n");
  });

  test("two runs in parallel don't see each other", async () => {
    const code = (name: string) =>
      [
        "import os, time",
        `open('/tmp/${name}', 'w').write('x'); open('${name}', 'w').write('x')`,
        "time.sleep(1)",
        "print(sorted(os.listdir('/tmp')), sorted(os.listdir('.')), len([p for p in os.listdir('/proc') if p.isdigit()]))",
      ].join("\n");
    const [a, b] = await Promise.all([py(code("a")), py(code("b"))]);
    expect(a.stdout).toBe("['a'] ['a', 'main.py'] 2\n");
    expect(b.stdout).toBe("['b'] ['b', 'main.py'] 2\n");
  });
});

describe("bad requests are 400 with field paths", () => {
  test.each([
    [{ language: "python", limits: { wall_s: 1000 } }, "limits.wall_s"],
    [{ language: "python", limits: { memory_mb: 1e6 } }, "limits.memory_mb"],
    [{ language: "python", files: { "../escape.py": "" } }, "files.../escape.py"],
    [{ language: "python", files: { "/etc/passwd": "" } }, "files./etc/passwd"],
    [{ language: "ruby" }, "language"],
    [{ command: ["python3"], language: "python" }, "command"],
    [{}, "command"],
    [{ command: [] }, "command"],
    [{ language: "python", stdin: 5 }, "stdin"],
  ])("%j -> %s", async (body, path) => {
    const { status, json } = await post(body);
    expect(status).toBe(400);
    expect(json.issues.map((i: { path: string }) => i.path)).toContain(path);
    expect(json.error).toContain(path);
  });

  test("a body that is not JSON", async () => {
    const res = await fetch(`${url}/run`, { method: "POST", body: "{" });
    expect(res.status).toBe(400);
  });
});

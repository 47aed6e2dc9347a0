// The Cloudflare provider's Worker in workerd, against a fake of the platform: a Durable Object
// namespace whose containers answer as the library's Container objects do (the sandbox server's
// JSON, or the library's own plain-text errors), so routing, checking, deadlines and what the
// caller sees of each failure are tested without a container runtime.
import { afterEach, describe, expect, test, vi } from "vitest";
import { UNPROCESSED_HEADER } from "../../../../shared/client/call.ts";
import type { CellResult, RunResult } from "../../../../shared/sandbox/schema.ts";
import provider from "../../../../workers/sandboxes/cloudflare_sandbox/index.ts";
import { START_ALLOWANCE_S } from "../../../../workers/sandboxes/cloudflare_sandbox/forward.ts";
import { RUN_POOL_SIZE } from "../../../../workers/sandboxes/cloudflare_sandbox/pool.ts";

interface Seen {
  container: string;
  method: string;
  path: string;
  body: string;
}

type Answer = (container: string, request: Request) => Response | Promise<Response>;

const RUN: RunResult = { stdout: "42\n", stderr: "", exit_code: 0, signal: null, timed_out: false, out_of_memory: false, output_truncated: false, duration_ms: 12 };
const CELL: CellResult = { stdout: "", stderr: "", error: null, traceback: null, result: "2", timed_out: false, out_of_memory: false, output_truncated: false, duration_ms: 3, new_session: true, session_ended: false };
const PYTHON = { language: "python", files: { "main.py": "print(6 * 7)" } };
// What the library's Container answers, in plain text, when no container can take a request.
const NO_INSTANCE = () => new Response("There is no Container instance available at this time.", { status: 503 });

const never = () => new Promise<Response>(() => {});

/** A namespace of fake containers: each records what reaches it; `answer` says what it answers. */
function containers(answer: Answer, status: (container: string) => Promise<string> | string = () => "healthy") {
  const seen: Seen[] = [];
  const stopped: string[] = [];
  const namespace = {
    getByName: (container: string) => ({
      async fetch(request: Request) {
        seen.push({ container, method: request.method, path: new URL(request.url).pathname, body: await request.text() });
        return answer(container, request);
      },
      getState: async () => ({ status: await status(container) }),
      async stop() {
        stopped.push(container);
      },
    }),
  };
  return { namespace, seen, stopped };
}

function sandbox(fake: ReturnType<typeof containers>) {
  const background: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => void background.push(p), passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const send = async (method: string, path: string, body?: unknown) => {
    const init = body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) };
    const response = await provider.fetch(new Request(`http://sandbox${path}`, init), { INSTANCE_NAME: "cloudflare_sandbox", CONTAINERS: fake.namespace }, ctx);
    await Promise.all(background);
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  };
  return send;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("cloudflare_sandbox: routing", () => {
  test("a run goes to one container of the pool, its body as it came; the result comes back as the container gave it", async () => {
    const fake = containers(() => Response.json(RUN));
    const body = JSON.stringify({ ...PYTHON, stdin: "x\n" });
    const answer = await sandbox(fake)("POST", "/run", body);
    expect(answer).toMatchObject({ status: 200, body: RUN });
    expect(fake.seen).toHaveLength(1);
    expect(fake.seen[0]).toMatchObject({ method: "POST", path: "/run", body });
    expect(fake.seen[0]!.container).toMatch(/^run-\d+$/);
  });

  test("runs spread over the pool's containers and only those", async () => {
    const fake = containers(() => Response.json(RUN));
    const send = sandbox(fake);
    for (let i = 0; i < 60; i++) expect((await send("POST", "/run", PYTHON)).status).toBe(200);
    const used = new Set(fake.seen.map((s) => s.container));
    expect(used.size).toBeGreaterThan(1);
    for (const container of used) expect(Number(/^run-(\d+)$/.exec(container)![1])).toBeLessThan(RUN_POOL_SIZE);
  });

  test("a session's cells all reach the one container its id names; another session has its own", async () => {
    const fake = containers(() => Response.json(CELL));
    const send = sandbox(fake);
    expect(await send("POST", "/sessions/rollout-1", { idle_ttl_s: 60 })).toMatchObject({ status: 200 });
    expect(await send("POST", "/sessions/rollout-1/cells", { code: "x = 1" })).toMatchObject({ status: 200, body: CELL });
    await send("POST", "/sessions/rollout-1/cells", { code: "x + 1" });
    await send("POST", "/sessions/rollout-2/cells", { code: "x" });
    expect(fake.seen.map((s) => [s.container, s.path])).toEqual([
      ["session-rollout-1", "/sessions/rollout-1"],
      ["session-rollout-1", "/sessions/rollout-1/cells"],
      ["session-rollout-1", "/sessions/rollout-1/cells"],
      ["session-rollout-2", "/sessions/rollout-2/cells"],
    ]);
    expect(JSON.parse(fake.seen[2]!.body)).toEqual({ code: "x + 1" });
  });

  test("health is the Worker's own: no container starts for it", async () => {
    const fake = containers(() => expect.unreachable("no container is asked"));
    expect(await sandbox(fake)("GET", "/health")).toMatchObject({ status: 200, body: { status: "ok", run_pool: RUN_POOL_SIZE } });
    expect(fake.seen).toEqual([]);
  });
});

describe("cloudflare_sandbox: bad requests are 400s with field paths, and start nothing", () => {
  test.each([
    ["a limit over its maximum", "/run", { ...PYTHON, limits: { wall_s: 500 } }, "limits.wall_s", /at most 120/],
    ["neither command nor language", "/run", { files: {} }, "command", /exactly one of command and language/],
    ["a field the API does not have", "/run", { ...PYTHON, network: true }, "network", /unknown field/],
    ["a path that leaves the workspace", "/run", { ...PYTHON, files: { "../x.py": "" } }, "files.../x.py", /Invalid key/],
    ["a cell without code", "/sessions/s1/cells", { idle_ttl_s: 5 }, "code", /expected string/],
    ["a session id with a dot", "/sessions/a.b/cells", { code: "1" }, "session", /A-Z a-z 0-9 _ -/],
  ])("%s", async (_, path, body, field, message) => {
    const fake = containers(() => expect.unreachable("no container is asked"));
    const answer = await sandbox(fake)("POST", path, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.issues).toContainEqual({ path: field, message: expect.stringMatching(message) });
    expect(fake.seen).toEqual([]);
  });

  test("a body that is not JSON", async () => {
    const fake = containers(() => expect.unreachable("no container is asked"));
    const answer = await sandbox(fake)("POST", "/run", "{print(1)");
    expect(answer).toMatchObject({ status: 400, body: { error: { type: "invalid_request", message: expect.stringMatching(/not valid JSON/) } } });
  });
});

describe("cloudflare_sandbox: what the caller sees when something fails", () => {
  test("the sandbox server's own answers pass through, failures included", async () => {
    for (const [status, body] of [[500, { error: "the sandbox failed before the program ended" }], [503, { error: "no session slot free" }], [400, { error: "limits.cpu_s: Too big" }]] as const) {
      const answer = await sandbox(containers(() => Response.json(body, { status })))("POST", "/run", PYTHON);
      expect(answer, String(status)).toMatchObject({ status, body });
      expect(answer.headers.has(UNPROCESSED_HEADER)).toBe(false);
    }
  });

  test("no container to be had (all busy, or still provisioning): 503 the caller may retry, the request never ran", async () => {
    for (const platform of [NO_INSTANCE, () => new Response("you are requesting too many containers per second", { status: 429 })]) {
      const answer = await sandbox(containers(platform))("POST", "/run", PYTHON);
      expect(answer).toMatchObject({ status: 503, body: { error: { type: "container_unavailable", message: expect.stringMatching(/container run-\d+\/run answered (503|429)/) } } });
      expect(answer.headers.get(UNPROCESSED_HEADER)).toBe("1");
    }
  });

  test("a container that failed to start or went away mid-request: 503, not to be retried (the code may have run)", async () => {
    const failures: Answer[] = [
      () => new Response("Failed to start container: the container is not listening", { status: 500 }),
      () => new Response("Container suddenly disconnected, try again", { status: 500 }),
      () => Promise.reject(new Error("Durable Object reset because its code was updated.")),
    ];
    for (const failure of failures) {
      const answer = await sandbox(containers(failure))("POST", "/sessions/s1/cells", { code: "1" });
      expect(answer).toMatchObject({ status: 503, body: { error: { type: "container_unavailable" } } });
      expect(answer.headers.has(UNPROCESSED_HEADER)).toBe(false);
    }
  });

  test("a container that does not answer: 503 once the run's wall limit and a cold start have passed, not before", async () => {
    vi.useFakeTimers();
    const fake = containers(never);
    let settled = false;
    const answer = sandbox(fake)("POST", "/run", { ...PYTHON, limits: { wall_s: 10 } }).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync((10 + START_ALLOWANCE_S) * 1000 - 100);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await answer).toMatchObject({ status: 503, body: { error: { type: "deadline_exceeded" } } });
    expect(fake.seen).toHaveLength(1);
  });
});

describe("cloudflare_sandbox: closing a session", () => {
  test("a running session container: the close goes to it, then the container is stopped", async () => {
    const fake = containers(() => Response.json({ closed: true }));
    expect(await sandbox(fake)("DELETE", "/sessions/rollout-1")).toMatchObject({ status: 200, body: { closed: true } });
    expect(fake.seen).toEqual([{ container: "session-rollout-1", method: "DELETE", path: "/sessions/rollout-1", body: "" }]);
    expect(fake.stopped).toEqual(["session-rollout-1"]);
  });

  test("a container that is not running holds no session: closed false, and none is started to say so", async () => {
    const fake = containers(() => expect.unreachable("no container is started"), () => "stopped");
    expect(await sandbox(fake)("DELETE", "/sessions/rollout-1")).toMatchObject({ status: 200, body: { closed: false } });
    expect(fake.seen).toEqual([]);
    expect(fake.stopped).toEqual([]);
  });

  test("a close the container fails is not followed by a stop; an object that does not say its state is a 503", async () => {
    const failing = containers(NO_INSTANCE);
    expect(await sandbox(failing)("DELETE", "/sessions/s1")).toMatchObject({ status: 503 });
    expect(failing.stopped).toEqual([]);

    vi.useFakeTimers();
    const silent = containers(() => expect.unreachable("no container is asked"), () => new Promise<string>(() => {}));
    const answer = sandbox(silent)("DELETE", "/sessions/s1");
    await vi.advanceTimersByTimeAsync(5_100);
    expect(await answer).toMatchObject({ status: 503, body: { error: { message: expect.stringMatching(/container session-s1: its state: no answer within 5000 ms/) } } });
  });
});

// A sandbox stand-in for workerd tests of code environments (the real sandbox is tested through
// the stack). For each test of the file, fetch to FAKE_SANDBOX_URL is answered with the real
// sandbox's result fields, overridden by `answer`; what was sent is recorded, emptied per test.
// useFakeSandbox answers one-off runs (POST /run); useFakeSandboxSessions answers stateful
// sessions (POST /sessions/:id/cells, DELETE /sessions/:id).
import { afterEach, beforeEach, expect } from "vitest";
import { CellRequestSchema, SessionIdSchema } from "../../shared/sandbox/schema.ts";
import type { CellRequest, CellResult, RunRequest, RunResult } from "../../shared/sandbox/schema.ts";

export const FAKE_SANDBOX_URL = "http://fake-sandbox.test";

/** Routes fetch to FAKE_SANDBOX_URL to `route` (with the path after it) during each test. */
function intercept(route: (path: string, request: Request) => Promise<Response>, reset: () => void): void {
  let realFetch: typeof fetch;
  beforeEach(() => {
    reset();
    realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (!request.url.startsWith(FAKE_SANDBOX_URL)) return realFetch(input, init);
      return route(request.url.slice(FAKE_SANDBOX_URL.length), request);
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
}

export function useFakeSandbox(answer: (request: RunRequest) => Partial<RunResult>): RunRequest[] {
  const requests: RunRequest[] = [];
  intercept(
    async (path, request) => {
      expect(path).toBe("/run");
      const body = (await request.json()) as RunRequest;
      requests.push(body);
      const run: RunResult = { stdout: "", stderr: "", exit_code: 0, signal: null, timed_out: false, out_of_memory: false, output_truncated: false, duration_ms: 5, ...answer(body) };
      return Response.json(run);
    },
    () => (requests.length = 0),
  );
  return requests;
}

export interface FakeSessions {
  /** Every cell run, with its session id; its settings as the sandbox reads them (defaults filled). */
  cells: Array<{ session: string; request: CellRequest }>;
  /** The session ids DELETE /sessions/:id was sent for, in order. */
  closed: string[];
}

/**
 * Sessions as the sandbox keeps them: a cell opens its session (`new_session`), a cell answered
 * with `session_ended` ends it, DELETE answers whether it was open. Requests the real sandbox
 * would refuse (a bad id, limits past a maximum) fail the test.
 */
export function useFakeSandboxSessions(answer: (request: CellRequest, session: string) => Partial<CellResult>): FakeSessions {
  const seen: FakeSessions = { cells: [], closed: [] };
  const open = new Set<string>();
  intercept(
    async (path, request) => {
      const match = /^\/sessions\/([^/]+)(\/cells)?$/.exec(path);
      expect(match, `${request.method} ${path}`).not.toBeNull();
      const session = decodeURIComponent(match![1]!);
      expect(SessionIdSchema.safeParse(session).success, `session id ${session}`).toBe(true);
      if (!match![2]) {
        expect(request.method).toBe("DELETE");
        seen.closed.push(session);
        return Response.json({ closed: open.delete(session) });
      }
      expect(request.method).toBe("POST");
      const parsed = CellRequestSchema.safeParse(await request.json());
      expect(parsed.error?.issues).toBeUndefined();
      seen.cells.push({ session, request: parsed.data! });
      const result: CellResult = {
        stdout: "",
        stderr: "",
        error: null,
        traceback: null,
        result: null,
        timed_out: false,
        out_of_memory: false,
        output_truncated: false,
        duration_ms: 5,
        new_session: !open.has(session),
        session_ended: false,
        ...answer(parsed.data!, session),
      };
      if (result.session_ended) open.delete(session);
      else open.add(session);
      return Response.json(result);
    },
    () => {
      seen.cells.length = 0;
      seen.closed.length = 0;
      open.clear();
    },
  );
  return seen;
}

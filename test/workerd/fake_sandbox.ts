// A sandbox stand-in for workerd tests of code environments: for each test of the file, fetch to
// FAKE_SANDBOX_URL/run is answered with the real sandbox's result fields, overridden by `answer`
// (the real sandbox is tested through the stack). Returns the requests sent, emptied per test.
import { afterEach, beforeEach, expect } from "vitest";
import type { RunRequest, RunResult } from "../../shared/sandbox/schema.ts";

export const FAKE_SANDBOX_URL = "http://fake-sandbox.test";

export function useFakeSandbox(answer: (request: RunRequest) => Partial<RunResult>): RunRequest[] {
  const requests: RunRequest[] = [];
  let realFetch: typeof fetch;
  beforeEach(() => {
    requests.length = 0;
    realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (!request.url.startsWith(FAKE_SANDBOX_URL)) return realFetch(input, init);
      expect(request.url).toBe(`${FAKE_SANDBOX_URL}/run`);
      const body = (await request.json()) as RunRequest;
      requests.push(body);
      const run: RunResult = { stdout: "", stderr: "", exit_code: 0, signal: null, timed_out: false, out_of_memory: false, output_truncated: false, duration_ms: 5, ...answer(body) };
      return Response.json(run);
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  return requests;
}

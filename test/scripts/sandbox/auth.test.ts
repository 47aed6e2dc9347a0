// Who may use the local sandbox (scripts/sandbox/auth.ts): given a token, as a stack always gives
// one, nothing but /health answers a caller without it, and no code runs for such a caller; the
// resources servers' client sends it (shared/sandbox/client.ts).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bearerCheck } from "../../../scripts/sandbox/auth.ts";
import { spawnSandbox } from "../../../scripts/stack/local_process.ts";
import type { LocalProcess } from "../../../scripts/stack/local_process.ts";
import { closeSandboxSession, runCell, runInSandbox } from "../../../shared/sandbox/client.ts";
import { sandboxOf } from "../../../shared/sandbox/target.ts";
import { VerifierFailure } from "../../../shared/resources/failure.ts";

const TOKEN = "sandbox-token-0123456789abcdef0123456789";

describe("bearerCheck", () => {
  test("with a token, only `Bearer <token>` passes: not a near miss, another scheme, or nothing", () => {
    const check = bearerCheck(TOKEN);
    expect(check(`Bearer ${TOKEN}`)).toBe(true);
    expect(check(`bearer  ${TOKEN}`)).toBe(true);
    for (const header of [undefined, "", "Bearer", "Bearer ", `Bearer ${TOKEN.slice(0, -1)}`, `Bearer ${TOKEN}0`, `Basic ${TOKEN}`, TOKEN, `Bearer x:${TOKEN}`, `Bearer ${TOKEN} ${TOKEN}`]) {
      expect(check(header), String(header)).toBe(false);
    }
  });

  test("without a token everything passes (a sandbox started by hand); a short token is refused", () => {
    expect(bearerCheck(undefined)(undefined)).toBe(true);
    expect(() => bearerCheck("short")).toThrow(/at least 16 characters/);
  });
});

describe("a sandbox started with a token", () => {
  let sandbox: LocalProcess;

  beforeAll(async () => {
    sandbox = await spawnSandbox(TOKEN);
  }, 30_000);

  afterAll(async () => {
    await sandbox?.stop();
  });

  const PROGRAM = { language: "python" as const, files: { "main.py": "print(6 * 7)" } };

  test("answers every route but /health with a 401 to a caller without the token, before reading its body", async () => {
    expect(sandbox.token).toBe(TOKEN);
    expect((await fetch(`${sandbox.url}/health`)).status).toBe(200);
    const routes: [string, string, unknown][] = [
      ["POST", "/run", PROGRAM],
      ["POST", "/sessions/s1", {}],
      ["POST", "/sessions/s1/cells", { code: "1 + 1" }],
      ["DELETE", "/sessions/s1", undefined],
      ["GET", "/no_such_route", undefined],
    ];
    for (const authorization of [undefined, "Bearer wrong-token-0123456789abcdef", `Basic ${TOKEN}`, `Bearer ${TOKEN.slice(1)}`]) {
      for (const [method, path, body] of routes) {
        const res = await fetch(`${sandbox.url}${path}`, { method, headers: authorization ? { authorization } : {}, body: body === undefined ? undefined : JSON.stringify(body) });
        expect(res.status, `${method} ${path} ${authorization}`).toBe(401);
        expect(((await res.json()) as { error: string }).error).toMatch(/Authorization: Bearer/);
      }
    }
    // A body never read: a huge one is refused as quickly as a small one.
    const huge = await fetch(`${sandbox.url}/run`, { method: "POST", body: "x".repeat(20 * 1024 * 1024) }).then((r) => r.status, () => "reset");
    expect([401, "reset"]).toContain(huge);
  });

  test("the client sends the token a Worker's SANDBOX_TOKEN gives it: runs and cells run, and without it they are sandbox_failed, never a result", async () => {
    const settings = { sandbox_url: sandbox.url, sandbox_timeout_s: 30 };
    const withToken = sandboxOf(settings, { SANDBOX_TOKEN: TOKEN });
    expect((await runInSandbox(withToken, PROGRAM)).stdout).toBe("42\n");
    expect((await runCell(withToken, "auth-test", { code: "x = 6 * 7\nx" })).result).toBe("42");
    expect(await closeSandboxSession(withToken, "auth-test")).toBe(true);

    const without = sandboxOf(settings, {});
    for (const attempt of [() => runInSandbox(without, PROGRAM), () => runCell(without, "auth-test", { code: "1" })]) {
      const failure = await attempt().catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(VerifierFailure);
      expect((failure as VerifierFailure).failureClass).toBe("sandbox_failed");
      expect((failure as VerifierFailure).message).toMatch(/answered 401/);
    }
  });
});

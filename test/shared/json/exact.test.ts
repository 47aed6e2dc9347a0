// shared/json/exact.ts in workerd, where the Workers read bodies (cases: exact_cases.ts); and
// exact numbers through a Worker: read from a body, checked by a schema, over Workers RPC and back.
import { exports } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import type { RpcAnswer, RpcRequest } from "../../../shared/server/rpc.ts";
import { parseExact } from "../../../shared/json/exact.ts";
import { checkedJson } from "../../../shared/client/call.ts";
import { VerifyResponse } from "../../../shared/schemas/run.ts";
import { exactCases } from "./exact_cases.ts";
import { counter as counterServer } from "../../workerd/counter_server.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

exactCases();

const counter = exports.CounterRpc as unknown as { post(request: RpcRequest): Promise<RpcAnswer> };
const row = `{"responses_create_params": {"input": "count", "temperature": 1.0}, "start": 1, "tests": [12345678901234567891, 2.0, -0.0], "response": {"id": "r", "object": "response", "output": []}}`;

describe("exact numbers through a Worker", () => {
  test("over HTTP: the schema reads temperature 1.0 as a number, and the verify answer echoes the row's numbers as written", async () => {
    const { send } = client(counterServer, serverEnv("counter"));
    expect((await send("/seed_session", row)).status).toBe(200);
    const response = await send("/verify", row);
    const text = await response.text();
    expect(response.status, text).toBe(200);
    expect(text).toContain('"tests":[12345678901234567891,2.0,-0.0]');
  });

  test("over Workers RPC both ways: BigInts and Number objects arrive as they left", async () => {
    const { session } = await counter.post({ path: "/seed_session", body: parseExact(row) });
    const answer = await counter.post({ path: "/verify", body: parseExact(row), session: session! });
    expect(answer.status).toBe(200);
    const tests = (answer.body as { tests: unknown[] }).tests;
    expect(tests[0]).toBe(12345678901234567891n);
    expect(tests[1]).toBeInstanceOf(Number);
    expect(JSON.stringify(tests)).toBe("[12345678901234567891,2.0,-0.0]");
  });

  test("an HTTP verify answer, as an agent reads it: the echo exact, a reward written 1.0 a number", () => {
    const text = row.replace('"start": 1,', '"reward": 1.0, "start": 1,');
    const answer = checkedJson({ status: 200, text, headers: new Headers() }, "counter/verify", VerifyResponse, () => "not a verify answer");
    expect(answer.reward).toBe(1);
    expect(JSON.stringify(answer)).toContain('"tests":[12345678901234567891,2.0,-0.0]');
  });
});

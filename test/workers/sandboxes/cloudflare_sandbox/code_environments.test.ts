// Code environments with `sandbox_url: sandbox://cloudflare`: their runs go through the SANDBOX
// service binding to the provider's Worker (here its real code, over fake containers), and are
// scored as locally; a provider with no container to give is `sandbox_failed`, never a 0.
import { describe, expect, test } from "vitest";
import type { RunRequest, RunResult } from "../../../../shared/sandbox/schema.ts";
import codeGen from "../../../../workers/resources/code_gen/index.ts";
import evalplus from "../../../../workers/resources/evalplus/index.ts";
import { RESULT_MARKER as EVALPLUS_RESULT } from "../../../../workers/resources/evalplus/program.ts";
import provider from "../../../../workers/sandboxes/cloudflare_sandbox/index.ts";
import { client, serverEnv } from "../../../workerd/helpers.ts";

const CLOUDFLARE = "sandbox://cloudflare";

/** The SANDBOX binding: the provider's Worker over containers that answer each run with `run`. */
function sandboxBinding(run: (request: RunRequest) => Partial<RunResult> | Response) {
  const containers: string[] = [];
  const namespace = {
    getByName: (container: string) => ({
      async fetch(request: Request) {
        containers.push(container);
        const answer = run((await request.json()) as RunRequest);
        if (answer instanceof Response) return answer;
        return Response.json({ stdout: "", stderr: "", exit_code: 0, signal: null, timed_out: false, out_of_memory: false, output_truncated: false, duration_ms: 5, ...answer });
      },
      getState: async () => ({ status: "healthy" }),
      stop: async () => {},
    }),
  };
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  return { SANDBOX: { fetch: (request: Request) => provider.fetch(request, { CONTAINERS: namespace }, ctx) }, containers };
}

const reply = (code: string) => ({ id: "r1", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text: `\`\`\`python\n${code}\n\`\`\``, annotations: [] }] }] });
const SUMS = { inputs: ["1 2\n", "-5 5\n"], outputs: ["3\n", "0\n"] };
const codeGenRow = { responses_create_params: { input: [{ role: "user", content: "Add." }] }, verifier_metadata: { unit_tests: SUMS } };
// What `print(a + b)` prints for the run's stdin.
const sum = (r: RunRequest) => ({ stdout: `${r.stdin.split(" ").map(Number).reduce((a, b) => a + b)}\n` });

async function verifyCodeGen(binding: object) {
  const env = serverEnv("code_gen", { INSTANCE_CONFIG: { sandbox_url: CLOUDFLARE, unit_test_timeout_secs: 2 }, ...binding });
  return client(codeGen, env).post("/verify", { ...codeGenRow, response: reply("a, b = map(int, input().split())\nprint(a + b)") });
}

describe("code environments on the Cloudflare provider", () => {
  test("code_gen: every test runs in a container of the provider's pool, and a right solution earns 1", async () => {
    const sandbox = sandboxBinding(sum);
    const res = await verifyCodeGen(sandbox);
    expect(res).toMatchObject({ status: 200, body: { reward: 1, result: [true, true] } });
    expect(sandbox.containers).toHaveLength(2);
    for (const container of sandbox.containers) expect(container).toMatch(/^run-\d+$/);
  });

  test("evalplus: each test list is one run in the provider's pool", async () => {
    const sandbox = sandboxBinding((r) => ({
      stdout: (JSON.parse(r.stdin) as number[][]).map((args, i) => `${EVALPLUS_RESULT}${JSON.stringify({ i, status: "ok", floats: false, value: args[0]! + args[1]! })}\n`).join(""),
    }));
    const env = serverEnv("evalplus", { INSTANCE_CONFIG: { sandbox_url: CLOUDFLARE, test_timeout_secs: 2 }, ...sandbox });
    const metadata = { entry_point: "add", base_inputs: [[1, 2]], base_outputs: [3], plus_inputs: [[-3, -4]], plus_outputs: [-7] };
    const res = await client(evalplus, env).post("/verify", { responses_create_params: { input: [{ role: "user", content: "add" }] }, verifier_metadata: metadata, response: reply("def add(a, b):\n    return a + b") });
    expect(res).toMatchObject({ status: 200, body: { reward: 1, reward_components: { base: 1, plus: 1 } } });
    expect(sandbox.containers).toHaveLength(2);
  });

  test("no container to be had: the row is sandbox_failed, with no reward", async () => {
    const sandbox = sandboxBinding(() => new Response("There is no Container instance available at this time.", { status: 503 }));
    const res = await verifyCodeGen(sandbox);
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty("reward");
    expect(res.body._ng_failure_class).toBe("sandbox_failed");
    // The provider said the run never started, so the client tried once more.
    expect(sandbox.containers).toHaveLength(2);
  });

  test("a Worker without the SANDBOX binding is misconfigured (a 500), not a failed sandbox", async () => {
    const res = await verifyCodeGen({});
    expect(res).toMatchObject({ status: 500, body: { error: { type: "misconfigured", message: expect.stringMatching(/no SANDBOX service binding/) } } });
  });
});

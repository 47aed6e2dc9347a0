// Seeding a rollout's session: a resources server of ours that says its seed would only check the
// row's tools (/describe, asked once per binding) gets no /seed_session call; the agent checks the
// tools itself, as the server would. Any other server is seeded as before.
import { describe, expect, test } from "vitest";
import { Deadlines } from "../../../shared/client/deadlines.ts";
import { CookieJar } from "../../../shared/client/cookies.ts";
import { promptedRow, seedSession } from "../../../shared/agents/session.ts";
import type { ResourcesHop } from "../../../shared/agents/hops.ts";
import type { RpcAnswer, RpcRequest } from "../../../shared/server/rpc.ts";

function server(answers: Record<string, RpcAnswer>) {
  const paths: string[] = [];
  const fetcher = {
    post: async (request: RpcRequest) => {
      paths.push(request.path);
      return answers[request.path] ?? { status: 404, body: { error: { type: "not_found" } } };
    },
    fetch: async () => new Response("over HTTP", { status: 500 }),
  };
  const hop = (): ResourcesHop => ({ resources: { name: "env", fetcher, rpc: true }, resourcesJar: new CookieJar(), resourcesDeadlineMs: 1000, deadlines: new Deadlines() });
  return { hop, paths };
}

const row = (...names: string[]) => ({ responses_create_params: { input: "x", tools: names.map((name) => ({ type: "function" as const, name, parameters: {}, strict: true })) } });

describe("seedSession", () => {
  test("a server whose seed only checks tools is asked once what it runs, and never seeded", async () => {
    const s = server({ "/describe": { status: 200, body: { seeds: false, tools: ["get_weather", "lookup"] } } });
    expect(await seedSession(row("get_weather", "other"), s.hop())).toEqual({ runByServer: ["get_weather"], input: [] });
    expect((await seedSession(row("lookup"), s.hop())).runByServer).toEqual(["lookup"]);
    expect(s.paths).toEqual(["/describe"]);
    // A name that can be no tool is the row's bad input, as the server's seed would answer.
    await expect(seedSession(row("verify"), s.hop())).rejects.toMatchObject({ status: 400, details: { issues: [{ path: "responses_create_params.tools[0].name" }] } });
  });

  test("a server that runs any tool the row offers (tools: null) gets them all", async () => {
    const s = server({ "/describe": { status: 200, body: { seeds: false, tools: null } } });
    expect((await seedSession(row("a", "b"), s.hop())).runByServer).toEqual(["a", "b"]);
  });

  test("a server that seeds, or that does not say (no /describe), is seeded every rollout", async () => {
    const seeding: Record<string, RpcAnswer>[] = [{ "/describe": { status: 200, body: { seeds: true, tools: ["bump"] } } }, {}];
    for (const described of seeding) {
      const s = server({ ...described, "/seed_session": { status: 200, body: { callable_tools: ["bump"] }, session: "0".repeat(32) } });
      const hop = s.hop();
      expect(await seedSession(row("bump"), hop)).toEqual({ runByServer: ["bump"], input: [] });
      expect((await seedSession(row("bump"), s.hop())).runByServer).toEqual(["bump"]);
      expect(s.paths).toEqual(["/describe", "/seed_session", "/seed_session"]);
      expect(hop.resourcesJar.session).toBe("0".repeat(32));
    }
  });

  test("a server that makes the task hands back its prompt; it goes after the row's own input", async () => {
    const prompt = [{ type: "message" as const, role: "user" as const, content: "What is 6 x 7?" }];
    const s = server({ "/seed_session": { status: 200, body: { callable_tools: [], input: prompt } } });
    const seeded = await seedSession({ responses_create_params: { input: [] } }, s.hop());
    expect(seeded.input).toEqual(prompt);
    const system = { type: "message" as const, role: "system" as const, content: "Be brief." };
    expect(promptedRow({ responses_create_params: { input: [system] } }, seeded.input).responses_create_params.input).toEqual([system, ...prompt]);
    expect(promptedRow({ responses_create_params: { input: "Hi" } }, seeded.input).responses_create_params.input).toEqual([{ type: "message", role: "user", content: "Hi" }, ...prompt]);
  });

  test("a row with no prompt, whose server made none, is the caller's 400", () => {
    expect(() => promptedRow({ responses_create_params: { input: [] } }, [])).toThrow(expect.objectContaining({ status: 400, message: expect.stringContaining("responses_create_params.input") }));
    const kept = { responses_create_params: { input: "Hi" } };
    expect(promptedRow(kept, [])).toBe(kept);
  });
});

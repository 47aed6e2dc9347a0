// An agent's POST /v1/responses with `stream`: NeMo Gym's agents take non-streaming create params
// only (its pydantic model refuses stream: true), and so do ours, every one of them: a 400 at the
// field path saying the answer comes whole, before any call downstream. stream: false is a request.
import { afterEach, describe, expect, test, vi } from "vitest";
import gymnasium from "../../../workers/agents/gymnasium_agent/index.ts";
import proofRefinement from "../../../workers/agents/proof_refinement_agent/index.ts";
import remote from "../../../workers/agents/remote_agent/index.ts";
import simple from "../../../workers/agents/simple_agent/index.ts";
import toolSimulation from "../../../workers/agents/tool_simulation_agent/index.ts";
import { client } from "../../workerd/helpers.ts";
import type { FetchApp } from "../../workerd/helpers.ts";

const agents: [string, FetchApp][] = [
  ["simple_agent", simple],
  ["gymnasium_agent", gymnasium],
  ["proof_refinement_agent", proofRefinement],
  ["remote_agent", remote],
  ["tool_simulation_agent", toolSimulation],
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe("an agent's /v1/responses with stream", () => {
  test.each(agents)("%s: stream true or not a boolean is a 400 at `stream`, and nothing is called", async (name, app) => {
    const outbound = vi.spyOn(globalThis, "fetch");
    const agent = client(app, { INSTANCE_NAME: name });
    for (const stream of [true, "yes", 1]) {
      const res = await agent.post("/v1/responses", { input: "hi", stream });
      expect(res.status, JSON.stringify(stream)).toBe(400);
      expect(res.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["stream"]);
      expect(res.body.error.message).toMatch(/^stream: not streamed: an agent answers with the whole response/);
    }
    expect(outbound).not.toHaveBeenCalled();
  });
});

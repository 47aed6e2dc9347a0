// How `npm run parity` matches the reference's data to ours: server names through the
// implementations' aliases, and recorded rollouts to their task rows.
import { describe, expect, test } from "vitest";
import { bundledAs, inputSha256, taskRowOf } from "../../../scripts/parity/match.ts";
import type { Implementation } from "../../../scripts/plan/registry.ts";

const implementation = (name: string, dir: string, kind: Implementation["kind"] = "resources_servers"): Implementation =>
  ({ name, kind, dir, entry: `${dir}/index.ts`, declaration: { kind } }) as unknown as Implementation;

describe("reference server names", () => {
  // As the registry lists them: an implementation, then one entry per alias with the same folder.
  const implementations = [
    implementation("grl_sokoban", "/x/workers/resources/grl_sokoban"),
    implementation("sokoban", "/x/workers/resources/grl_sokoban"),
    implementation("mcqa", "/x/workers/resources/mcqa"),
    implementation("simple_agent", "/x/workers/agents/simple_agent", "responses_api_agents"),
  ];

  test("a name or an alias finds the implementation's folder; others are not bundled", () => {
    expect(bundledAs("grl_sokoban", implementations)?.dir).toBe("/x/workers/resources/grl_sokoban");
    expect(bundledAs("sokoban", implementations)?.dir).toBe("/x/workers/resources/grl_sokoban");
    expect(bundledAs("mcqa", implementations)?.dir).toBe("/x/workers/resources/mcqa");
    expect(bundledAs("simple_agent", implementations)).toBeUndefined();
    expect(bundledAs("abstention", implementations)).toBeUndefined();
  });
});

const row = (...messages: [string, string][]) => ({ responses_create_params: { input: messages.map(([role, content]) => ({ role, content })) } });

describe("a rollout's task row", () => {
  const tasks = [
    { ...row(["system", "Play."], ["user", "Deal me in."]), level: 0 },
    { ...row(["user", "What is 2+2?"]), level: 1 },
    { ...row(["user", "Schema task"]), instance_id: "local022", level: 2 },
  ];

  test("an episode's rollout joins the row at its _ng_task_index whose input opens the rollout's (the first observation follows)", () => {
    const rollout = { ...row(["system", "Play."], ["user", "Deal me in."], ["user", "Your hand: [8, 5]"]), _ng_task_index: 0 };
    expect(taskRowOf(rollout, tasks)?.level).toBe(0);
  });

  test("an index from another file (its row does not open the rollout) falls back to the same input", () => {
    const rollout = { ...row(["user", "What is 2+2?"]), _ng_task_index: 0 };
    expect(taskRowOf(rollout, tasks)?.level).toBe(1);
    // Only the same input joins without the index: a longer conversation does not.
    expect(taskRowOf(row(["user", "What is 2+2?"], ["user", "more"]), tasks)).toBeUndefined();
  });

  test("a rollout carrying its task id joins that row when its prompt is formatted otherwise", () => {
    expect(taskRowOf({ ...row(["user", "Schema task, other layout"]), instance_id: "local022" }, tasks)?.level).toBe(2);
    expect(taskRowOf({ ...row(["user", "Schema task, other layout"]), instance_id: "local999" }, tasks)).toBeUndefined();
  });

  test("an older task row kept under its input's SHA-256 joins without that key", () => {
    const rollout = row(["user", "An old prompt"], ["user", "with its schema"]);
    const older = { input_sha256: inputSha256(rollout), schema_str: "{}", schema_type: "json" };
    expect(taskRowOf(rollout, [...tasks, older])).toEqual({ schema_str: "{}", schema_type: "json" });
    expect(taskRowOf(row(["user", "An old prompt"]), [...tasks, older])).toBeUndefined();
  });
});

// `npm run parity`: replays the reference system's recorded rollouts through our resources
// servers and compares rewards. Rollout rows may carry only the create params, the response and
// the reward, so each is joined with its task row in the reference example.jsonl (same input
// messages). Then: seed a session with the task row, replay the recorded tool calls in order
// (stateful servers rebuild their state this way), and /verify the recorded response. The
// recorded reward is read only to compare, never to compute ours.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CookieJar } from "../shared/client/cookies.ts";
import { call } from "../shared/client/call.ts";
import { loadConfig } from "./cli/config.ts";
import { startLocalStack } from "./stack/local.ts";
import { planWorkers } from "./stack/plan.ts";
import { ROOT } from "./stack/registry.ts";

const REFERENCE = join(ROOT, "..", "shared", "reference", "nemo_gym");
const SERVERS = ["example_single_tool_call", "example_session_state_mgmt", "example_multi_step"];

interface Outcome {
  agree: number;
  total: number;
  disagreements: string[];
}

type Row = Record<string, any>;

// The conversation a row opens with, as a join key: role and text of each input message.
function inputKey(row: Row): string {
  const input = row.responses_create_params?.input;
  if (typeof input === "string") return JSON.stringify([["user", input]]);
  return JSON.stringify((input as Row[]).map((m) => [m.role, typeof m.content === "string" ? m.content : JSON.stringify(m.content)]));
}

function readJsonl(path: string): Row[] {
  return readFileSync(path, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as Row);
}

async function replay(url: string, line: number, recorded: Row, tasks: Map<string, Row>): Promise<string | null> {
  const { reward: expected, ...rollout } = recorded;
  const taskRow = tasks.get(inputKey(rollout));
  if (!taskRow) throw new Error("no task row in example.jsonl has this rollout's input");
  const row = { ...taskRow, ...rollout };
  const target = { name: "resources", url };
  const jar = new CookieJar();
  const post = async (path: string, body: unknown) => {
    const result = await call(target, path, { body, deadlineMs: 30_000, jar });
    if (result.status !== 200 && (path === "/seed_session" || path === "/verify")) throw new Error(`${path} answered ${result.status}: ${result.text.slice(0, 300)}`);
    return result;
  };
  const { response, ...task } = row;
  await post("/seed_session", task);
  for (const item of response.output as any[]) {
    if (item.type === "function_call") await post(`/${item.name}`, JSON.parse(item.arguments));
  }
  const verified = JSON.parse((await post("/verify", row)).text) as { reward: number };
  return verified.reward === expected ? null : `row ${line}: reference reward ${expected}, ours ${verified.reward}`;
}

async function main(): Promise<number> {
  if (!existsSync(REFERENCE)) {
    console.error(`parity: reference data not found at ${REFERENCE} (it sits beside the repository and is not shipped)`);
    return 2;
  }
  const { instances, config } = loadConfig(undefined, []);
  const resources = instances.filter((i) => i.serverType === "resources_servers" && SERVERS.includes(i.name));
  const stack = await startLocalStack({ specs: planWorkers(resources, 0), instances: resources, config, sessionSecret: randomBytes(32).toString("hex") });
  let failed = false;
  try {
    for (const name of SERVERS) {
      const url = stack.urls.get(name);
      if (!url) throw new Error(`no resources server "${name}" in the bundled config`);
      const tasks = new Map(readJsonl(join(REFERENCE, name, "example.jsonl")).map((row) => [inputKey(row), row]));
      const rollouts = readJsonl(join(REFERENCE, name, "example_rollouts.jsonl"));
      const outcome: Outcome = { agree: 0, total: rollouts.length, disagreements: [] };
      for (const [i, recorded] of rollouts.entries()) {
        const disagreement = await replay(url, i + 1, recorded, tasks).catch((err: Error) => `row ${i + 1}: ${err.message}`);
        if (disagreement) outcome.disagreements.push(disagreement);
        else outcome.agree++;
      }
      failed ||= outcome.disagreements.length > 0;
      console.log(`${name.padEnd(30)} ${outcome.agree}/${outcome.total} agree`);
      for (const d of outcome.disagreements) console.log(`  ${d}`);
    }
  } finally {
    await stack.dispose();
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`parity: ${err.message}`);
    process.exit(1);
  },
);

// `edge-gym init resources NAME`: usage errors are one line and exit 2; a scaffold goes into a
// scratch project (--root) that runs this one's code, where its generated workerd test
// passes and its server grades every row of its generated dataset. The real workers/resources
// is never touched, since other tests discover its folders.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { RunRequest } from "../../../shared/schemas/run.ts";
import { ROOT, discoverImplementations } from "../../../scripts/plan/registry.ts";
import { catalogueTable } from "../../../scripts/docs/environments.ts";
import { skillTemplate } from "../../../scripts/init/server_template.ts";

const CLI = join(ROOT, "scripts/edge-gym.ts");

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * A project with no resources servers and no tests of its own, running this one's code: top-level
 * folders and the other Worker kinds linked, top-level files (vitest's config) and the workerd
 * test support files copied, so vitest takes the scratch folder as its root.
 */
const scratch: string[] = [];
// rmSync unlinks the links; it never follows them into this project.
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function scratchProject(): string {
  const root = mkdtempSync(join(tmpdir(), "edge-gym-init-"));
  scratch.push(root);
  const mirror = (from: string, to: string, skip: (name: string) => boolean) => {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      if (skip(entry.name)) continue;
      if (entry.isDirectory()) symlinkSync(join(from, entry.name), join(to, entry.name));
      else copyFileSync(join(from, entry.name), join(to, entry.name));
    }
  };
  mirror(ROOT, root, (name) => name === "workers" || name === "test" || name === "gpu_gateway" || name.startsWith("."));
  // Real folders down to the emulator's skills, where the scaffold writes: links would write into this project.
  mirror(join(ROOT, "gpu_gateway"), join(root, "gpu_gateway"), (name) => name === "emulator");
  mirror(join(ROOT, "gpu_gateway/emulator"), join(root, "gpu_gateway/emulator"), (name) => name === "skills");
  mirror(join(ROOT, "gpu_gateway/emulator/skills"), join(root, "gpu_gateway/emulator/skills"), () => false);
  mirror(join(ROOT, "workers"), join(root, "workers"), (name) => name === "resources");
  mkdirSync(join(root, "workers/resources"));
  // The workerd harness and helpers, without the project's own tests.
  mirror(join(ROOT, "test"), join(root, "test"), (name) => name !== "workerd" && name !== "fixtures");
  mkdirSync(join(root, "test/workers/resources"), { recursive: true });
  return root;
}

/** The scaffolded skill, importable from a folder beside the emulator's own policy modules. */
async function scaffoldedSkill(): Promise<{ play(situation: unknown): { content: string | null; toolCalls: Array<{ name: string }> } }> {
  const dir = mkdtempSync(join(tmpdir(), "edge-gym-init-skill-"));
  scratch.push(dir);
  symlinkSync(join(ROOT, "gpu_gateway/emulator/policy"), join(dir, "policy"));
  mkdirSync(join(dir, "skills"));
  writeFileSync(join(dir, "skills/code_desk.ts"), skillTemplate("code_desk"));
  return (await import(join(dir, "skills/code_desk.ts"))).default;
}

describe("edge-gym init resources", () => {
  test("the scaffolded emulator skill asks for the code word, then says it (or, on its wrong path, does not)", async () => {
    const skill = await scaffoldedSkill();
    const ask = { role: "user", content: "What is today's code word?" };
    const first = skill.play({ turns: [ask], tools: [{ name: "get_code_word" }], correct: true });
    expect(first.toolCalls.map((c) => c.name)).toEqual(["get_code_word"]);
    const looked = [
      ask,
      { role: "assistant", content: "", tool_calls: [{ id: "c1", type: "function", function: { name: "get_code_word", arguments: {} } }] },
      { role: "tool", tool_call_id: "c1", content: '{"code_word": "marigold"}' },
    ];
    expect(skill.play({ turns: looked, tools: [], correct: true }).content).toContain("marigold");
    expect(skill.play({ turns: looked, tools: [], correct: false }).content).not.toContain("marigold");
  });

  test.each([
    [["init", "resources", "Weather-Desk"], /invalid name "Weather-Desk": use snake_case/],
    [["init", "resources", "weather__desk"], /invalid name/],
    [["init", "resources", "mcqa"], /a resources server "mcqa" exists already \(workers\/resources\/mcqa\)/],
    [["init", "resources"], /needs a NAME/],
    [["init", "models", "x"], /init scaffolds "resources" servers/],
    [["init", "resources", "ok_name", "--root", join(tmpdir(), "edge-gym-no-such-project")], /has no workers\/resources folder/],
  ])("%j is a one-line usage error", (args, message) => {
    const result = cli(...args);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  test("the scaffold's own test passes and its server grades every example row", { timeout: 180_000 }, async () => {
    const root = scratchProject();
    const made = cli("init", "resources", "code_desk", "--root", root);
    expect(made.code, made.stderr).toBe(0);
    const files = ["workers/resources/code_desk/index.ts", "workers/resources/code_desk/config.yaml", "workers/resources/code_desk/data/example.jsonl", "test/workers/resources/code_desk.test.ts", "gpu_gateway/emulator/skills/code_desk.ts"];
    for (const file of files) {
      expect(made.stdout).toContain(`created ${file}`);
      expect(existsSync(join(root, file))).toBe(true);
    }
    // Its catalogue entry, in its declaration: the docs generator makes its row from it, and says what to do next.
    expect(made.stdout).toContain("then npm run docs lists it in docs/environments.md");
    const catalogue = catalogueTable(await discoverImplementations(root));
    expect(catalogue).toMatch(/^\| `code_desk` \| the answer names the row's code word .* \| 0\/1 \| none \|$/m);
    expect(catalogue.match(/^\| `/gm)).toHaveLength(1);
    // A second run refuses to overwrite.
    expect(cli("init", "resources", "code_desk", "--root", root).code).toBe(2);

    const rows = readFileSync(join(root, files[2]!), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(RunRequest.safeParse(row).success).toBe(true);
    const config = parse(readFileSync(join(root, files[1]!), "utf8"));
    expect(config.code_desk.resources_servers.code_desk).toMatchObject({ domain: "general" });
    expect(config.code_desk_simple_agent.responses_api_agents.simple_agent).toMatchObject({
      resources_server: { type: "resources_servers", name: "code_desk" },
      model_server: { type: "responses_api_models", name: "policy_model" },
      datasets: [{ type: "example", jsonl_fpath: "workers/resources/code_desk/data/example.jsonl" }],
    });

    // Every row through the generated server: seed, the tool, then an answer with and without its code word.
    writeFileSync(join(root, "test/workers/resources/rows_code_desk.test.ts"), `import { expect, test } from "vitest";
import server from "../../../workers/resources/code_desk/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
const rows = ${JSON.stringify(rows)};
const answer = (text: string) => ({ id: "r", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] });
test.each(rows.map((row, i) => [i, row]))("row %i", async (_i, row) => {
  const s = client(server, serverEnv("code_desk"));
  expect((await s.post("/seed_session", row)).status).toBe(200);
  const word = (await s.post("/get_code_word", {})).body.code_word;
  expect(word).toBe(row.code_word);
  expect((await s.post("/verify", { ...row, response: answer("It is " + word + ".") })).body.reward).toBe(1);
  expect((await s.post("/verify", { ...row, response: answer("No idea.") })).body.reward).toBe(0);
});
`);
    const run = spawnSync(process.execPath, [join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "--project", "workers"], { cwd: root, encoding: "utf8", timeout: 170_000 });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(0);
    expect(output).toMatch(/Test Files\s+.*2 passed/);
    expect(output).toMatch(/Tests\s+.*8 passed/);
  });
});

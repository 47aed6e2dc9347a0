// The stack starts one local code sandbox per distinct `sandbox://<name>` in the instance configs,
// gives the instances its URL and its per-run secret, and stops it with the stack;
// `sandbox://cloudflare`, which only a deployment runs, it refuses before starting anything.
import { expect, test } from "vitest";
import { bringUp } from "../../../scripts/stack/up.ts";

test("sandbox://local in a config starts a sandbox process that the instance is pointed at and holds the secret of, and stopping the stack ends it", async () => {
  const running = await bringUp({ headPort: 0, only: ["mcqa_simple_agent"], overrides: ["++mcqa.resources_servers.mcqa.sandbox_url=sandbox://local"] });
  let url: string;
  try {
    expect([...running.sandboxes.keys()]).toEqual(["sandbox://local"]);
    url = running.sandboxes.get("sandbox://local")!.url;
    const config = running.specs.find((s) => s.name === "mcqa")!.vars.INSTANCE_CONFIG as { sandbox_url: string };
    expect(config.sandbox_url).toBe(url);
    expect((await fetch(`${url}/health`)).status).toBe(200);
    const program = JSON.stringify({ language: "python", files: { "main.py": "print(6 * 7)" } });
    // Open stack or not, any user of the machine reaches the sandbox's port: it runs nothing without the secret.
    const { token } = running.sandboxes.get("sandbox://local")!;
    expect((await fetch(`${url}/run`, { method: "POST", body: program })).status).toBe(401);
    expect(running.specs.find((s) => s.name === "mcqa")!.secrets).toEqual({ SANDBOX_TOKEN: token });
    const run = await fetch(`${url}/run`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: program });
    expect(((await run.json()) as { stdout: string }).stdout).toBe("42\n");
  } finally {
    await running.stop();
  }
  await expect(fetch(`${url}/health`)).rejects.toThrow();
});

test("sandbox://cloudflare is refused in one line naming the instances and the fix, before anything starts", async () => {
  const lines: string[] = [];
  const refused = bringUp({ headPort: 0, only: ["code_gen_simple_agent"], overrides: ["++sandbox_url=sandbox://cloudflare"], log: (line) => lines.push(line) });
  await expect(refused).rejects.toThrow(/^code_gen: sandbox_url sandbox:\/\/cloudflare runs code in Cloudflare Containers, deployed only; locally use sandbox_url: sandbox:\/\/local$/);
  // Not even the emulator was started (it says so when it is).
  expect(lines).toEqual([]);
});

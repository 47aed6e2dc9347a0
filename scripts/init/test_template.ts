// The workerd test of a scaffolded resources server: its tool, its verify and its row checks,
// through the same routes the agent calls.
export function testTemplate(name: string): string {
  return `import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/${name}/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

// The shape of a row in data/example.jsonl.
const row = {
  responses_create_params: { input: [{ role: "user", content: "What is today's code word?" }] },
  code_word: "marigold",
};
const answer = (text: string) => ({ id: "r1", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] });

const open = () => client(server, serverEnv("${name}"));

describe("${name}", () => {
  test("the tool returns the seeded code word, and an answer naming it earns 1", async () => {
    const s = open();
    expect((await s.post("/seed_session", row)).status).toBe(200);
    expect((await s.post("/get_code_word", {})).body).toEqual({ code_word: "marigold" });
    expect((await s.post("/verify", { ...row, response: answer("Today's code word is Marigold.") })).body).toMatchObject({ ...row, reward: 1 });
  });

  test("an answer without the code word earns 0", async () => {
    const s = open();
    await s.post("/seed_session", row);
    expect((await s.post("/verify", { ...row, response: answer("I could not find it.") })).body.reward).toBe(0);
  });

  test("bad rows and tool arguments are 400s naming the field; unknown tools are 404s", async () => {
    const s = open();
    const bad = await s.post("/seed_session", { ...row, code_word: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["code_word"]);
    await s.post("/seed_session", row);
    expect((await s.post("/get_code_word", { extra: 1 })).status).toBe(400);
    expect((await s.post("/no_such_tool", {})).status).toBe(404);
  });
});
`;
}

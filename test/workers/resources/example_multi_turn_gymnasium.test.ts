import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/example_multi_turn_gymnasium/index.ts";
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";

// The shape of a row in data/example.jsonl.
const row = {
  responses_create_params: { input: [{ role: "user", content: "What is 12 plus 30?" }] },
  follow_ups: ["Now multiply that result by 2.", "Now subtract 4 from that result."],
  expected_answer: "80",
};
const turn = (text: string, r: object = row) => ({ ...r, response: { id: "r", output: [assistantMessage(text)] } });
const open = () => client(server, serverEnv("example_multi_turn_gymnasium"));

describe("example_multi_turn_gymnasium", () => {
  test("each reply gets the next follow-up; the reply to the last one is graded", async () => {
    const s = open();
    expect((await s.post("/reset", row)).body).toEqual({ observation: null, info: { supports_explicit_close: true } });
    expect((await s.post("/step", turn("42"))).body).toEqual({ observation: "Now multiply that result by 2.", reward: 0, terminated: false, truncated: false, info: {} });
    expect((await s.post("/step", turn("84"))).body).toMatchObject({ observation: "Now subtract 4 from that result.", reward: 0, terminated: false });
    expect((await s.post("/step", turn("So the result is 80."))).body).toEqual({ observation: null, reward: 1, terminated: true, truncated: false, info: {} });
  });

  test("a final reply without expected_answer earns 0; the match ignores case", async () => {
    const s = open();
    await s.post("/reset", row);
    await s.post("/step", turn("52"));
    await s.post("/step", turn("104"));
    expect((await s.post("/step", turn("100"))).body).toMatchObject({ reward: 0, terminated: true });
    const named = { ...row, follow_ups: [], expected_answer: "Eiffel" };
    const t = open();
    await t.post("/reset", named);
    expect((await t.post("/step", turn("The EIFFEL Tower.", named))).body.reward).toBe(1);
  });

  test("without follow-ups the first reply is the final one; an empty expected_answer never matches", async () => {
    const single = { ...row, follow_ups: [], expected_answer: "" };
    const s = open();
    await s.post("/reset", single);
    expect((await s.post("/step", turn("anything", single))).body).toMatchObject({ reward: 0, terminated: true });
  });

  test("a row without expected_answer is a 400 naming it", async () => {
    const { expected_answer: _, ...missing } = row;
    const res = await open().post("/reset", missing);
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe("expected_answer");
  });
});

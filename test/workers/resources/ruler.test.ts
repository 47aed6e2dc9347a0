// ruler through its app: the share of the row's outputs the trimmed reply contains (case aside),
// any one for the QA subsets, the score under the subset's own field, bad rows, a 500 KB reply.
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/ruler/index.ts";
import { SUBSETS } from "../../../workers/resources/ruler/declaration.ts";
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: "VAR QPLMK = 48213 ... VAR ZXTRE = VAR QPLMK ...\nQuestion: Find all variables that are assigned the value 48213." }] },
  outputs: ["QPLMK", "ZXTRE", "BNUYO", "WSXCD"],
  length: 4096,
  subset: "vt",
};

async function post(text: string | string[], fields: Record<string, unknown> = {}) {
  const output = (Array.isArray(text) ? text : [text]).map(assistantMessage);
  return client(server, serverEnv("ruler")).post("/verify", { ...row, ...fields, response: { id: "r1", output } });
}
async function verify(text: string | string[], fields: Record<string, unknown> = {}) {
  const res = await post(text, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("ruler: substring scoring", () => {
  test("every output found earns 1; the row comes back, the score under its subset and the other subsets null", async () => {
    const body = await verify("They are: qplmk, ZXTRE, BNUYO and WSXCD.");
    const others = Object.fromEntries(SUBSETS.filter((s) => s !== "vt").map((s) => [s, null]));
    expect(body).toMatchObject({ ...row, reward: 1, vt: 1, ...others });
    expect(Object.keys(body)).toEqual(expect.arrayContaining([...SUBSETS]));
  });

  test("the share found, not a match of whole words", async () => {
    expect((await verify("QPLMK and ZXTRE")).reward).toBe(0.5);
    expect((await verify("XQPLMKX ZXTRE BNUYO")).reward).toBe(0.75);
    expect((await verify("none of them")).reward).toBe(0);
  });

  test("qa_1 and qa_2: any one output is enough; other subsets need all", async () => {
    const qa = { outputs: ["Edith Calloway", "Calloway"] };
    expect(await verify("It was calloway.", { ...qa, subset: "qa_1" })).toMatchObject({ reward: 1, qa_1: 1, vt: null });
    expect(await verify("It was calloway.", { ...qa, subset: "qa_2" })).toMatchObject({ reward: 1, qa_2: 1 });
    expect(await verify("It was calloway.", { ...qa, subset: "niah_single_1" })).toMatchObject({ reward: 0.5, niah_single_1: 0.5 });
  });

  test("a subset outside RULER's list scores all the same, under no field of its own", async () => {
    const body = await verify("QPLMK ZXTRE BNUYO WSXCD", { subset: "custom" });
    expect(body.reward).toBe(1);
    expect(body.custom).toBeUndefined();
  });

  test("messages are joined as they are and the reply trimmed: an output may span two parts, not leading space", async () => {
    expect((await verify(["QPL", "MK ZXTRE BNUYO WSXCD"])).reward).toBe(1);
    expect((await verify("  QPLMK ZXTRE BNUYO WSXCD  ", { outputs: [" QPLMK"] })).reward).toBe(0);
  });
});

describe("ruler: rows", () => {
  test("bad rows are 400 with the field's path", async () => {
    const bad = async (fields: Record<string, unknown>, path: string) => {
      const res = await post("x", fields);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(path);
    };
    await bad({ outputs: [] }, "outputs");
    await bad({ outputs: "QPLMK" }, "outputs");
    await bad({ length: 1.5 }, "length");
    await bad({ subset: undefined }, "subset");
  });

  test("a 500 KB reply is graded fast", async () => {
    const started = performance.now();
    const body = await verify("QPLMK ".repeat(85_000) + "ZXTRE");
    expect(body.reward).toBe(0.5);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

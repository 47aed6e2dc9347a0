// keywords:letter_frequency and letters:letter_counting2 with any one character, as real IFEval
// rows use ("#", "!"): the character is counted, ignoring case, and compared with the relation.
import { describe, expect, test } from "vitest";
import server from "../../../../workers/resources/instruction_following/index.ts";
import { client, serverEnv } from "../../../workerd/helpers.ts";

const post = (path: string, body: unknown) => client(server, serverEnv("instruction_following")).post(path, body);
const rowOf = (id: string, kwargs: Record<string, unknown>) => ({
  responses_create_params: { input: [{ role: "user", content: "Write." }] },
  id: 3,
  verifier_metadata: { instruction_id_list: [id], prompt: "Write.", kwargs: [kwargs] },
});
const message = (text: string) => [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }];

async function follows(id: string, letter: string, let_frequency: number, let_relation: string, text: string) {
  const res = await post("/verify", { ...rowOf(id, { letter, let_frequency, let_relation }), response: { id: "r", output: message(text) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.follow_instruction_list[0] as boolean;
}

// [letter, frequency, relation, text, followed]
const CASES: [string, number, string, string, boolean][] = [
  ["#", 3, "at least", "# One\n## Two", true],
  ["#", 4, "at least", "# One\n## Two", false],
  ["#", 1, "less than", "No headers here.", true],
  ["#", 1, "less than", "Tag #one", false],
  ["#", 2, "less than", "Tag #one", true],
  ["!", 2, "at least", "Wow! Great!", true],
  ["!", 3, "at least", "Wow! Great!", false],
  ["!", 1, "less than", "Calm. Quiet.", true],
  ["!", 1, "less than", "Hey!", false],
  ["?", 2, "at least", "Why? How?", true],
  [",", 1, "less than", "no commas at all", true],
  [",", 1, "less than", "one, two", false],
  ["*", 4, "at least", "**bold** text", true],
  ["*", 5, "at least", "**bold** text", false],
  ["1", 2, "at least", "10 and 21", true],
  ["é", 2, "at least", "Été", true],
  ["É", 3, "at least", "Été", false],
  // Letters ignore case on both sides.
  ["Z", 2, "at least", "Zebras zigzag.", true],
  ["z", 3, "at least", "Zebras zigzag.", true],
  ["z", 4, "at least", "Zebras zigzag.", false],
  ["a", 3, "less than", "band", true],
  ["A", 3, "less than", "banana", false],
];

describe("instruction_following: letter frequency with any one character", () => {
  for (const id of ["keywords:letter_frequency", "letters:letter_counting2"]) {
    test.each(CASES)(`${id}: %j %i %s in %j is %s`, async (letter, n, relation, text, followed) => {
      expect(await follows(id, letter, n, relation, text)).toBe(followed);
    });
  }

  test("a row with '#' or '!' is accepted at seed_session", async () => {
    for (const letter of ["#", "!"]) {
      expect((await post("/seed_session", rowOf("keywords:letter_frequency", { letter, let_frequency: 2, let_relation: "at least" }))).status).toBe(200);
    }
  });

  test("more than one character, or none, is still refused", async () => {
    for (const letter of ["ab", "", "##"]) {
      const res = await post("/seed_session", rowOf("keywords:letter_frequency", { letter, let_frequency: 1, let_relation: "at least" }));
      expect(res.status).toBe(400);
    }
  });
});

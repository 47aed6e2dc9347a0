// Sentence counts as NLTK's Punkt (English model) gives them: IFEval's length_constraints:number_sentences.
// Each expected count below is Punkt's for that text.
import { describe, expect, test } from "vitest";
import { sentences } from "../../../shared/instructions/text/sentences.ts";
import server from "../../../workers/resources/instruction_following/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const CASES: [string, number][] = [
  // Lower-case sentences split like any other.
  ["hello there. how are you today. i am fine.", 3],
  ["i love summer. the days are long. the nights are warm. we swim. we eat ice cream. we sleep late. summer is best. don't you agree? i think so. what about winter? it is too cold. spring is nice. autumn is pretty. but summer wins.", 14],
  ["This costs $5. that is cheap.", 2],
  ["wow! it works. yes? no.", 4],
  // Abbreviations Punkt knows do not end a sentence ...
  ["Mr. Thompson met Dr. Alvarez at St. Mary's Hospital. They talked.", 2],
  ["Mrs. Lee works at Acme Inc. in Boston. She likes it.", 2],
  ["St. Louis is a city.", 1],
  ["The U.S. Army left. Then peace came.", 2],
  ["I met him at 5 p.m. and we left.", 1],
  ["Samsung Electronics Co. Ltd. followed later. Competition remains fierce.", 2],
  // ... unless a sentence starter follows.
  ["It is in the U.S. The end.", 2],
  ["I met him at 5 p.m. He was late.", 2],
  // Initials and decimals.
  ["J. Smith arrived. He sat.", 2],
  ["As J. R. R. Tolkien wrote, not all who wander are lost.", 1],
  ["He scored 9.5. Then he left.", 2],
  ["The U.S. economy grew 2.5% last year.", 1],
  // Punkt has no "e.g.", "etc.", "approx." or unit abbreviations: they end a sentence there.
  ["Sources include oranges, kiwis, etc. Most people get enough.", 2],
  ["It was 25 °C. Tomorrow it rains.", 2],
  ["Heat to 450 °C. for two hours.", 2],
  ["The book costs approx. $20. It is sold out.", 3],
  // Numbers: a list number before a capitalised word is a sentence of its own; before lower case not.
  ["1. Tea is good.\n2. Cake is better.", 4],
  ["1. tea\n2. cake", 1],
  // Ellipses continue unless a sentence starter follows; line breaks alone never split.
  ["Wait... then it rained.", 1],
  ["Well... The rain stopped.", 2],
  ["A title without a stop\nthen a line", 1],
  ["Title\nSome text here. More.", 2],
  // Closing quotes and brackets stay with their sentence; no split inside a token.
  ['He shouted, "Run!" We ran. She whispered, "Is it gone?" Nobody answered.', 4],
  ["(This is a note.) Next sentence.", 2],
  ["Visit example.com today. end.next stays", 2],
  ["Hi!!! there", 2],
  ["", 0],
];

describe("instruction_following sentences (Punkt's decisions)", () => {
  test.each(CASES)("%j has %i sentences", (text, n) => {
    expect(sentences(text)).toHaveLength(n);
  });

  test("a sentence keeps its closing quote", () => {
    expect(sentences('He said "Stop." She asked why?')).toEqual(['He said "Stop."', "She asked why?"]);
  });

  test("an all-lower-case reply of 14 sentences meets 'at least 14' through /verify", async () => {
    const text = CASES[1]![0];
    const verify = async (n: number, relation: string) => {
      const row = {
        responses_create_params: { input: [{ role: "user", content: "Write." }] },
        id: 1,
        verifier_metadata: { instruction_id_list: ["length_constraints:number_sentences"], prompt: "Write.", kwargs: [{ num_sentences: n, relation }] },
      };
      const output = [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }];
      const res = await client(server, serverEnv("instruction_following")).post("/verify", { ...row, response: { id: "r", output } });
      return res.body.follow_instruction_list[0];
    };
    expect(await verify(14, "at least")).toBe(true);
    expect(await verify(15, "at least")).toBe(false);
    expect(await verify(14, "less than")).toBe(false);
  });
});

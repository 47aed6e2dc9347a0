import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/instruction_following/index.ts";
import { INSTRUCTIONS } from "../../../shared/instructions/registry.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const input = { input: [{ role: "user", content: "Follow the instructions." }] };
const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

const rowOf = (ids: string[], kwargs: unknown[], extra: Record<string, unknown> = {}) => ({
  responses_create_params: input,
  id: 7,
  verifier_metadata: { instruction_id_list: ids, prompt: "Follow the instructions.", kwargs, ...extra },
});

async function post(path: string, body: unknown) {
  return client(server, serverEnv("instruction_following")).post(path, body);
}

async function verify(row: Record<string, unknown>, text: string | string[]) {
  const output = (Array.isArray(text) ? text : [text]).map(message);
  const res = await post("/verify", { ...row, response: { id: "r1", output } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const follows = async (id: string, kwargs: Record<string, unknown>, text: string) =>
  (await verify(rowOf([id], [kwargs]), text)).follow_instruction_list[0] as boolean;

// [id, kwargs, an answer that follows it, an answer that does not]
type Case = [string, Record<string, unknown>, string, string];
const CASES: Case[] = [
  ["keywords:existence", { keywords: ["tea", "Kyoto"] }, "We drank TEA in kyoto.", "We drank tea in Osaka."],
  ["keywords:frequency", { keyword: "tea", frequency: 2, relation: "at least" }, "Tea, then more tea.", "Tea only."],
  ["keywords:forbidden_words", { forbidden_words: ["part"] }, "A partial answer, apart from that.", "This is PART of it."],
  ["keywords:letter_frequency", { letter: "Z", let_frequency: 2, let_relation: "at least" }, "Zebras zigzag.", "A zebra."],
  ["keywords:word_once", { keyword: "moon" }, "The moon rose.", "Moon after moon."],
  ["keywords:word_count_different_numbers", { keyword: "sun", frequency: 3, relation: "less than" }, "sun and sun", "sun sun sun"],
  ["keywords:exclude_word_harder", { keyword: "light" }, "Light travels fast, see the light.", "We saw the light today."],
  ["keywords:no_adjacent_consecutive", {}, "the cat sat down", "a big dog"],
  ["keywords:palindrome", {}, "My racecar is fast.", "The cat sat."],
  ["keywords:keyword_specific_position", { keyword: "blue", n: 2, m: 3 }, "Hello there. The sky blue today.", "Hello there. The blue sky."],
  ["keywords:start_end", {}, "Hello to everyone and hello", "Hello to everyone and hello."],
  ["language:response_language", { language: "fr" }, "Bonjour, je voudrais un café et un croissant, s'il vous plaît.", "The weather is lovely today and we are going for a long walk in the park."],
  ["change_case:english_capital", {}, "THIS IS AN ANSWER WRITTEN IN CAPITAL LETTERS ONLY.", "This answer is written the usual way."],
  ["change_case:english_lowercase", {}, "this is an answer written in lowercase letters only.", "this answer is Not in lowercase letters only."],
  ["change_case:capital_word_frequency", { capital_frequency: 2, capital_relation: "at least" }, "NASA and ESA launch rockets.", "NASA launches rockets."],
  ["length_constraints:number_sentences", { num_sentences: 3, relation: "less than" }, "Dr. Smith arrived. He sat down.", "One. Two. Three."],
  ["length_constraints:number_words", { num_words: 5, relation: "less than" }, "one two-three four", "one two three four five"],
  ["length_constraints:number_paragraphs", { num_paragraphs: 2 }, "First part.\n***\nSecond part.\n***\n", "First part.\n***\n\n***\nSecond part."],
  ["length_constraints:nth_paragraph_first_word", { num_paragraphs: 2, nth_paragraph: 2, first_word: "crash" }, 'Intro here.\n\n"Crash, went the wave."', "Intro here.\n\nCrash—the wave."],
  ["paragraphs:paragraphs", {}, "***\nFirst part.\n***\nSecond part.", "Only one part."],
  ["paragraphs:paragraphs2", {}, "First part.\n\nSecond part.\n\n", "First part.\n\n\n\nSecond part."],
  ["detectable_content:number_placeholders", { num_placeholders: 2 }, "Dear [name], at [address].", "Dear [name\n], at [address]."],
  ["detectable_content:postscript", { postscript_marker: "P.P.S" }, "Body.\n\np. p. s. Bye", "Body. PS bye"],
  ["detectable_format:number_bullet_lists", { num_bullets: 2 }, "* one\n  - two\n**bold** is not a bullet", "* one\n* two\n* three"],
  ["detectable_format:constrained_response", {}, "Having thought about it: My answer is yes.", "My answer is YES."],
  ["detectable_format:number_highlighted_sections", { num_highlights: 2 }, "*a* and **b**", "*a* and * *"],
  ["detectable_format:multiple_sections", { section_spliter: "Section", num_sections: 2 }, "Section 1\nA\nSection 2\nB", "Section 1\nA\nsection 2\nB"],
  ["detectable_format:json_format", {}, '```json\n{"a": [1, 2]}\n```', "{a: 1}"],
  ["detectable_format:title", {}, "<<My Title>>\nBody", "<< >>\nBody"],
  ["detectable_format:sentence_hyphens", {}, "I came.-I saw.-I won.", "I came. - I saw."],
  ["detectable_format:square_brackets", {}, "[Hello] [world]", "[Hello] world"],
  ["detectable_format:bigram_wrapping", {}, "<<I am>> <<at home>> alone", "<<I am at>> home>>"],
  ["combination:two_responses", {}, "Answer one.\n******\nAnswer two.", "Same.\n******\nSame."],
  ["combination:repeat_prompt", { prompt_to_repeat: "Write a poem about tea." }, "write a poem about tea. Here it is.", "Sure! Write a poem about tea."],
  ["startend:end_checker", { end_phrase: "Any other questions?" }, 'Done. any other questions?"', "Any other questions? Thanks."],
  ["startend:quotation", {}, ' "Quoted answer" ', '"Half quoted'],
  ["punctuation:no_comma", {}, "No commas here", "Yes, one"],
  ["punctuation:punctuation_dot", {}, "No dots here!", "A dot."],
  ["punctuation:punctuation_exclamation", {}, "Calm.", "Wow!"],
  ["first_word:first_word_answer", { first_word: "Indeed" }, "indeed it works.", "Indeed, it works."],
  ["first_word:first_word_sent", { first_word: "Relationship" }, "Relationship one. relationship two!", "Relationship one. Relationship-driven two."],
  ["last_word:last_word_answer", { last_word: "contest" }, "It was a Contest.", "It was a contest indeed."],
  ["last_word:last_word_sent", { last_word: "now" }, "Go now. Stop, now!", "Go now. Stop later."],
  ["copy:repeat_phrase", { phrase: "The early bird catches the worm", small_n: 2 }, "The early cat catches the worm and The late bird catches the worm", "The early bird catches the worm and The early bird catches the worm"],
  ["copy:copy", { prompt_to_repeat: "Copy this line." }, " copy THIS line. ", "Copy this line. Done."],
  ["copy:copying_simple", { prompt_to_repeat: "Repeat me." }, "Repeat me.", "Repeat me twice."],
  ["copy:copying_multiple", { prompt_to_repeat: "Say hi.", N: 2 }, "Say hi.\n******\nsay hi.", "Say hi.\n******\nSay hi.\n******\nSay hi."],
  ["new:copy_span_idx", { prompt_to_repeat: "The quick brown fox", n_start: 4, n_end: 9 }, "Quick", "quick brown"],
  ["count:lowercase_counting", { N: 2 }, "Tea and cake.", "tea and cake."],
  ["letters:letter_counting", { N: 5, relation: "less than" }, "abcd 123", "abcde"],
  ["letters:letter_counting2", { letter: "a", let_frequency: 3, let_relation: "less than" }, "band", "banana"],
  ["count:counting_composition", { n_sent: 1, n_words: 4 }, "Tea is hot.\n***\nCake is sweet.\n***\nJam is red.", "Tea is hot.\n***\nCake is sweet."],
  ["count:count_unique", {}, "Every word differs here", "one two one"],
  ["count:count_increment_word", { keyword1: "cat", keyword2: "dog" }, "A cat met a dog and another dog.", "A cat met a dog."],
];

describe("instruction_following: every instruction", () => {
  test("the registry is IFEval's 25 instructions plus IFEvalG's 29, each covered below", () => {
    expect(Object.keys(INSTRUCTIONS).sort()).toEqual(CASES.map(([id]) => id).sort());
    expect(CASES).toHaveLength(54);
  });

  test.each(CASES)("%s", async (id, kwargs, pass, fail) => {
    expect(await follows(id, kwargs, pass)).toBe(true);
    expect(await follows(id, kwargs, fail)).toBe(false);
  });
});

describe("instruction_following: kwargs variants and text rules", () => {
  test("relations: 'less than' is strict, 'at least' is inclusive", async () => {
    const words = (n: number, relation: string) => ({ num_words: n, relation });
    expect(await follows("length_constraints:number_words", words(3, "at least"), "one two three")).toBe(true);
    expect(await follows("length_constraints:number_words", words(3, "less than"), "one two three")).toBe(false);
    expect(await follows("keywords:frequency", { keyword: "tea", frequency: 2, relation: "less than" }, "Tea only.")).toBe(true);
  });

  test("sentences: Punkt's abbreviations, initials, decimals and ellipses before lower case do not end one", async () => {
    const count = (n: number) => ({ num_sentences: n, relation: "at least" });
    const exactly = async (n: number, text: string) =>
      (await follows("length_constraints:number_sentences", count(n), text)) && !(await follows("length_constraints:number_sentences", count(n + 1), text));
    // Punkt has no "e.g." abbreviation and ends a sentence after a list number before a capital.
    expect(await exactly(3, "Mr. J. Smith paid 3.50 dollars, e.g. for tea. Then he left!")).toBe(true);
    expect(await exactly(4, "1. Tea is good.\n2. Cake is better.")).toBe(true);
    expect(await exactly(1, "Wait... then it rained.")).toBe(true);
    expect(await exactly(3, 'He said "Stop." She asked why? It ended。')).toBe(true);
    expect(await exactly(1, "A title without a stop\nthen a line")).toBe(true);
  });

  test("words count runs of letters and digits in any script", async () => {
    const atLeast = (n: number) => ({ num_words: n, relation: "at least" });
    expect(await follows("length_constraints:number_words", atLeast(4), "naïve café, 42 नमस्ते")).toBe(true);
    expect(await follows("length_constraints:number_words", atLeast(5), "naïve café, 42 नमस्ते")).toBe(false);
  });

  test("postscript markers: P.S. with an optional space, any other marker as written", async () => {
    expect(await follows("detectable_content:postscript", { postscript_marker: "P.S." }, "Body\nP. S. see you")).toBe(true);
    expect(await follows("detectable_content:postscript", { postscript_marker: "P.S." }, "Body\nPS see you")).toBe(false);
    expect(await follows("detectable_content:postscript", { postscript_marker: "Note:" }, "Body\nnote: see you")).toBe(true);
  });

  test("keywords are literal text, not regular expressions", async () => {
    expect(await follows("keywords:existence", { keywords: ["c++"] }, "I write C++ daily.")).toBe(true);
    expect(await follows("keywords:existence", { keywords: ["a.c"] }, "abc")).toBe(false);
  });

  test("language: undecidable text counts as followed; Hebrew is told by its script", async () => {
    expect(await follows("language:response_language", { language: "de" }, "42 + 17 = 59")).toBe(true);
    expect(await follows("language:response_language", { language: "he" }, "שלום, מה שלומך היום? זהו משפט בעברית.")).toBe(true);
    expect(await follows("language:response_language", { language: "ja" }, "שלום, מה שלומך היום? זהו משפט בעברית.")).toBe(false);
    expect(await follows("language:response_language", { language: "ja" }, "今日はとても良い天気ですね。公園に散歩に行きましょう。")).toBe(true);
  });

  test("null kwargs and null-valued keys mean 'not given', as in Hugging Face exports", async () => {
    const body = await verify(rowOf(["detectable_format:title", "punctuation:no_comma"], [null, { num_words: null, relation: null }]), "<<T>> no commas");
    expect(body.follow_instruction_list).toEqual([true, true]);
  });
});

describe("instruction_following: grading", () => {
  const ids = ["punctuation:no_comma", "detectable_format:title"];
  const half = "A title is missing, and there is a comma";

  test("binary (the default): 1 only when every instruction is followed", async () => {
    expect(await verify(rowOf(ids, [{}, {}]), "<<T>> fine")).toMatchObject({ reward: 1, follow_all_instructions: true, follow_instruction_list: [true, true] });
    expect(await verify(rowOf(ids, [{}, {}]), "<<T>> one, two")).toMatchObject({ reward: 0, follow_all_instructions: false, follow_instruction_list: [false, true] });
  });

  test("fraction: the share of instructions followed", async () => {
    const row = rowOf([...ids, "punctuation:punctuation_exclamation"], [{}, {}, {}], { grading_mode: "fraction" });
    expect(await verify(row, half)).toMatchObject({ reward: 1 / 3, follow_all_instructions: false, follow_instruction_list: [false, false, true] });
    expect((await verify(row, "<<T>> ok")).reward).toBe(1);
  });

  test("strict decides the reward; loose (first or last line dropped, '*' removed) is reported beside it", async () => {
    const body = await verify(rowOf(["startend:end_checker", "detectable_format:title"], [{ end_phrase: "Bye now." }, {}]), "**<<Notes>>**\nText.\nBye now.\n-- sent from my phone");
    expect(body).toMatchObject({
      reward: 0,
      follow_instruction_list: [false, true],
      follow_all_instructions_loose: true,
      follow_instruction_list_loose: [true, true],
    });
  });

  test("only the final assistant message is graded", async () => {
    expect((await verify(rowOf(["punctuation:no_comma"], [{}]), ["First, a draft", "The answer"])).reward).toBe(1);
    expect((await verify(rowOf(["punctuation:no_comma"], [{}]), ["The draft", "Then, the answer"])).reward).toBe(0);
  });

  test("the resolved verifier_metadata is echoed with the row", async () => {
    const row = rowOf(["punctuation:no_comma"], [{}]);
    expect(await verify(row, "ok")).toMatchObject({ ...row, verifier_metadata: { ...row.verifier_metadata, grading_mode: "binary" } });
  });
});

describe("instruction_following: legacy rows", () => {
  const legacy = {
    responses_create_params: input,
    id: 8654,
    instruction_id_list: ["paragraphs:paragraphs", "detectable_format:title", "length_constraints:number_words"],
    prompt: "how can i install jayhorn step by step",
    kwargs: [{}, null, { num_words: 204, relation: "less than" }],
  };

  test("top-level instruction_id_list, prompt and kwargs are read as verifier_metadata", async () => {
    const body = await verify(legacy, "<<Guide>>\nClone it.\n***\nBuild it.");
    expect(body).toMatchObject({ ...legacy, reward: 1, follow_instruction_list: [true, true, true], verifier_metadata: { instruction_id_list: legacy.instruction_id_list, kwargs: legacy.kwargs } });
  });

  test("verifier_metadata wins over the top level, field by field", async () => {
    const row = { ...legacy, verifier_metadata: { instruction_id_list: ["punctuation:no_comma"], kwargs: [{}], grading_mode: "fraction" }, grading_mode: "binary" };
    const body = await verify(row, "a, b");
    expect(body).toMatchObject({ reward: 0, follow_instruction_list: [false], verifier_metadata: { prompt: legacy.prompt, grading_mode: "fraction" } });
  });
});

describe("instruction_following: bad rows are 400 with field paths", () => {
  const paths = async (path: string, row: Record<string, unknown>) => {
    const res = await post(path, path === "/verify" ? { ...row, response: { id: "r1", output: [message("x")] } } : row);
    expect(res.status).toBe(400);
    return res.body.error.issues.map((i: { path: string; message: string }) => `${i.path}: ${i.message}`);
  };

  test("unknown instruction ids, on /seed_session and /verify, where they were written", async () => {
    const row = rowOf(["punctuation:no_comma", "keywords:nonexistent"], [{}, {}]);
    for (const route of ["/seed_session", "/verify"]) {
      expect(await paths(route, row)).toEqual(['verifier_metadata.instruction_id_list[1]: unknown instruction id "keywords:nonexistent"']);
    }
    const legacy = { responses_create_params: input, id: 1, instruction_id_list: ["nope"], prompt: "p", kwargs: [{}] };
    expect(await paths("/seed_session", legacy)).toEqual(['instruction_id_list[0]: unknown instruction id "nope"']);
  });

  test("kwargs: missing, wrongly typed, out of range, or unknown keys", async () => {
    const row = rowOf(
      ["length_constraints:number_words", "keywords:letter_frequency", "length_constraints:nth_paragraph_first_word", "punctuation:no_comma", "language:response_language"],
      [{ num_words: "ten", relation: "at most" }, { letter: "ab", let_frequency: 1, let_relation: "at least" }, { num_paragraphs: 2, nth_paragraph: 3, first_word: "x" }, { extra: 1 }, { language: "zz" }],
    );
    const issues = await paths("/verify", row);
    expect(issues.map((i: string) => i.split(":")[0]).sort()).toEqual([
      "verifier_metadata.kwargs[0].num_words",
      "verifier_metadata.kwargs[0].relation",
      "verifier_metadata.kwargs[1].letter",
      "verifier_metadata.kwargs[2].nth_paragraph",
      "verifier_metadata.kwargs[3].extra",
      "verifier_metadata.kwargs[4].language",
    ]);
    expect(await paths("/verify", rowOf(["keywords:existence"], [{}]))).toEqual(["verifier_metadata.kwargs[0].keywords: Invalid input: expected array, received undefined"]);
  });

  test("the lists must line up, and the fields must be present", async () => {
    expect(await paths("/seed_session", rowOf(["punctuation:no_comma", "detectable_format:title"], [{}]))).toEqual([
      "verifier_metadata.kwargs: has 1 entries but instruction_id_list has 2",
    ]);
    expect((await paths("/seed_session", { responses_create_params: input, id: 1, verifier_metadata: {} })).map((i: string) => i.split(":")[0])).toEqual([
      "verifier_metadata.instruction_id_list",
      "verifier_metadata.prompt",
      "verifier_metadata.kwargs",
    ]);
    expect((await paths("/seed_session", { ...rowOf([], []), id: "x" })).map((i: string) => i.split(":")[0]).sort()).toEqual(["id", "verifier_metadata.instruction_id_list"]);
    expect((await paths("/seed_session", rowOf(["punctuation:no_comma"], [{}], { grading_mode: "partial" }))).map((i: string) => i.split(":")[0])).toEqual(["verifier_metadata.grading_mode"]);
  });
});

describe("instruction_following: adversarial answers", () => {
  test("every instruction checks a large hostile answer in linear time", async () => {
    const everything = CASES.map(([id, kwargs]) => [id, kwargs] as const);
    const row = rowOf(everything.map(([id]) => id), everything.map(([, kwargs]) => kwargs), { grading_mode: "fraction" });
    // About 30 kB each: a quadratic scan of any of them would take seconds.
    const hostile = [
      "[".repeat(30_000),
      `${"*".repeat(15_000)}\n${"** a ".repeat(3_000)}`,
      `${"The early ".repeat(3_000)}\n worm`,
      `${"<<".repeat(15_000)}>`,
      "a. ".repeat(10_000),
      "!?.".repeat(10_000),
      "1".repeat(30_000),
      "tea don't ".repeat(3_000),
    ];
    const started = Date.now();
    for (const text of hostile) expect((await verify(row, text)).follow_instruction_list).toHaveLength(54);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

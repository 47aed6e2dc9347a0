// verifif through its app, with a scripted judge behind the policy model's binding: the rule
// validators against the reference's own verdicts (a fixture of cases NeMo Gym's Python validators
// decided, in six languages), the order and naming of the checks, pass_criteria and misalignment
// checks, the judge's verdicts read as the reference reads them, aggregation, judge failures, bad
// rows refused with their path, and a long hostile reply.
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/verifif/index.ts";
import declaration from "../../../workers/resources/verifif/declaration.ts";
import { readInstructionVerdict, readYesNo } from "../../../workers/resources/verifif/judge.ts";
import { LANGUAGES } from "../../../workers/resources/verifif/rules/languages.ts";
import { validateRule } from "../../../workers/resources/verifif/rules/validate.ts";
import { assistantMessage, client, judgeModel, serverEnv } from "../../workerd/helpers.ts";
import type { JudgeAnswer } from "../../workerd/helpers.ts";
import oracle from "./verifif/oracle_cases.json";

interface OracleCase {
  language: string;
  instruction_id: string;
  kwargs: Record<string, unknown>;
  response: string;
  ok: boolean;
  /** Absent where the reference's message depends on Python's set order. */
  message?: string;
}

describe("verifif rules: the reference's verdicts (NeMo Gym's Python validators, per language)", () => {
  test.each((oracle as OracleCase[]).map((c) => [`${c.language} ${c.instruction_id} ${c.ok ? "passes" : "fails"}: ${JSON.stringify(c.response).slice(0, 60)}`, c] as const))("%s", (_name, c) => {
    const [ok, message] = validateRule(c.response, c.instruction_id, c.kwargs, LANGUAGES[c.language]!);
    expect(ok).toBe(c.ok);
    if (c.message !== undefined) expect(message).toBe(c.message);
  });

  test("the fixture covers the eleven languages, most rule ids in each", () => {
    const cases = oracle as OracleCase[];
    expect(new Set(cases.map((c) => c.language))).toEqual(new Set(Object.keys(LANGUAGES)));
    for (const language of Object.keys(LANGUAGES)) expect(new Set(cases.filter((c) => c.language === language).map((c) => c.instruction_id)).size).toBeGreaterThanOrEqual(24);
  });
});

describe("verifif rules: where the language modules differ", () => {
  const check = (language: string, id: string, kwargs: Record<string, unknown>, response: string) => validateRule(response, id, kwargs, LANGUAGES[language]!);

  test("Italian splits elisions and matches keywords word by word, so a phrase is never found", () => {
    expect(check("it", "keywords:frequency", { keyword: "amico", relation: "at least", frequency: 1 }, "L'amico arriva.")).toEqual([true, "No error"]);
    expect(check("it", "keywords:frequency", { keyword: "testo segnaposto", relation: "at least", frequency: 1 }, "Il testo segnaposto.")).toEqual([false, "Expected at least 1 of 'testo segnaposto', found 0."]);
    expect(check("fre", "keywords:frequency", { keyword: "texte de contact", relation: "at least", frequency: 1 }, "Le texte de contact.")[0]).toBe(true);
  });

  test("English and German keywords must be ASCII tokens; French, Spanish and Portuguese take any letters", () => {
    const row = { forbidden_words: ["beschränkt"] };
    const refused = "Validation error: Invalid token 'beschränkt'. Keywords may only contain letters or numbers; apostrophes or hyphens are permitted only inside a word.";
    expect(check("de", "keywords:forbidden_words", row, "Nichts hier.")).toEqual([false, refused]);
    expect(check("en", "keywords:forbidden_words", row, "Nothing here.")).toEqual([false, refused]);
    expect(check("es", "keywords:forbidden_words", { forbidden_words: ["niño"] }, "El niño.")).toEqual([false, "Forbidden words found: ['niño']"]);
    expect(check("fre", "keywords:forbidden_words", { forbidden_words: ["élite"] }, "Pas d'ÉLITE ici.")).toEqual([false, "Forbidden words found: ['élite']"]);
  });

  test("German counts ß as upper case; French quotes with « »; Spanish skips ¿ and ¡ before the start phrase", () => {
    expect(check("de", "change_case:all_caps", {}, "GROẞE STRAßE")[0]).toBe(true);
    expect(check("en", "change_case:all_caps", {}, "GROẞE STRAßE")[0]).toBe(false);
    expect(check("fre", "startend:quotation", {}, "« Bonjour »")[0]).toBe(true);
    expect(check("fre", "startend:quotation", {}, '"Bonjour"')[0]).toBe(false);
    expect(check("es", "startend:start_checker", { start_phrase: "hola" }, "¡Hola amigos!")[0]).toBe(true);
  });

  test("Spanish and Portuguese keep abbreviations inside sentences; English splits at their dots", () => {
    const reply = "El Sr. López llegó. Se fue.";
    expect(check("es", "detectable_format:sentence_count", { relation: "equal to", num_sentences: 2 }, reply)[0]).toBe(true);
    expect(check("en", "detectable_format:sentence_count", { relation: "equal to", num_sentences: 3 }, reply)[0]).toBe(true);
  });

  test("Italian's word_repetition fails whatever the reply, as the reference's module does", () => {
    expect(check("it", "length_constraints:word_repetition", { max_repeats: 5 }, "Ciao.")).toEqual([false, "Validation error: cannot access local variable 'Counter' where it is not associated with a value"]);
  });

  test("Python errors inside a check are reported as the reference reports them", () => {
    expect(check("en", "keywords:positioning", { keyword: "x", position: 9 }, "one two")).toEqual([false, "Validation error: list index out of range"]);
    expect(check("en", "length_constraints:avg_word_length", { min_ratio: 1, max_ratio: 5 }, "!!!")).toEqual([false, "Validation error: division by zero"]);
    expect(check("en", "change_case:case_ratio", { min_fraction: "1/2", max_fraction: "2" }, "123")).toEqual([false, "Validator error: cannot unpack non-iterable bool object"]);
    expect(check("es", "change_case:case_ratio", { min_fraction: "1/2", max_fraction: "2" }, "123")).toEqual([false, "Validation failed: No letters found in the string."]);
  });
});

describe("verifif: reading the judge", () => {
  test.each([
    ["the last marker wins", "[[YES]] at first, but [[NO]]", false, true],
    ["a bare YES on the last line", "Looks right.\nyes", true, true],
    ["no marker: NO, flagged unreadable", "I cannot tell.", false, false],
  ])("%s", (_name, text, passed, readable) => {
    expect(readYesNo(text)).toMatchObject({ passed, readable });
  });

  test.each([
    ["a fenced JSON verdict", '```json\n{"verdict": "YES", "reasoning": "formal"}\n```', true, "formal", true],
    ["a JSON object inside prose", 'Here: {"verdict": "NO", "reasoning": "casual"} done', false, "casual", true],
    ["the prompt echoed back", '{"model_response": "x", "verdict": "YES", "reasoning": "r"}', false, "Judge returned input format instead of output format.", false],
    ["another verdict", '{"verdict": "MAYBE", "reasoning": "r"}', false, undefined, false],
    ["not JSON", "YES", false, undefined, false],
  ])("%s", (_name, text, passed, message, readable) => {
    const read = readInstructionVerdict(text);
    expect(read).toMatchObject({ passed, readable });
    if (message) expect(read.message).toBe(message);
  });
});

const FRENCH_ROW = {
  id: 54585,
  language: "fre",
  instructions: [
    { instruction_id: "startend:start_checker", source: "system", is_misalignment_check: false, start_phrase: "Début du brouillon", uid: 6 },
    { instruction_id: "length_constraints:number_words", source: "system", is_misalignment_check: false, relation: "at least", num_words: 8, uid: 7 },
    { instruction_id: "keywords:forbidden_words", source: "system", is_misalignment_check: false, forbidden_words: ["élite", "seulement"], uid: 9 },
  ],
  llm_judge: [
    { uid: 1, content: "Le ton est-il chaleureux ?", source: "system", is_misalignment_check: false },
    { uid: 2, content: "Le texte est-il hors sujet ?", pass_criteria: "NO", source: "system", is_misalignment_check: false },
  ],
  responses_create_params: { input: [{ role: "user", content: "Rédigez l'annonce." }] },
};
const GOOD = "Début du brouillon : venez nombreux au festival de printemps avec vos voisins.";

async function verify(text: string, answers: JudgeAnswer[], row: Record<string, unknown> = FRENCH_ROW, config: Record<string, unknown> = {}) {
  const judge = judgeModel(answers);
  const env = serverEnv("verifif", { INSTANCE_CONFIG: config, ...judge.bindings });
  const res = await client(server, env).post("/verify", { ...row, response: { id: "r1", output: [assistantMessage(text)] } });
  return { ...res, seen: judge.seen };
}

describe("verifif: verify", () => {
  test("rules first, then the questions as llm_judge_<uid>; pass_criteria NO passes on the judge's NO", async () => {
    const { status, body, seen } = await verify(GOOD, ["Warm and friendly.\n[[YES]]", "It stays on topic.\n[[NO]]"]);
    expect(status).toBe(200);
    expect(body.reward).toBe(1);
    expect(body.follow_all_instructions).toBe(true);
    expect(body.follow_instruction_list).toEqual([true, true, true, true, true]);
    expect(body.validation_results).toEqual([
      { instruction: "startend:start_checker", status: "Passed", message: "No error" },
      { instruction: "length_constraints:number_words", status: "Passed", message: "No error" },
      { instruction: "keywords:forbidden_words", status: "Passed", message: "No error" },
      { instruction: "llm_judge_1", status: "Passed", message: "Warm and friendly.\n[[YES]]" },
      { instruction: "llm_judge_2", status: "Passed", message: "It stays on topic.\n[[NO]]" },
    ]);
    expect(body.num_unreadable_verdicts).toBe(0);
    // The question and the reply are in the system message; the defaults of NeMo's config are the sampling parameters.
    expect(seen[0].input[0].content).toContain("Le ton est-il chaleureux ?");
    expect(seen[0].input[0].content).toContain(GOOD);
    expect(seen[0]).toMatchObject({ temperature: 0.7, top_p: 0.8, max_output_tokens: 10000 });
  });

  test("a failed rule fails the row under aggregation all; mean counts the share", async () => {
    const bad = "Bonjour : ce festival est seulement pour l'élite du quartier.";
    const all = await verify(bad, ["[[YES]]", "[[NO]]"]);
    expect(all.body.reward).toBe(0);
    expect(all.body.follow_instruction_list).toEqual([false, true, false, true, true]);
    expect(all.body.validation_results[2].message).toBe("Forbidden words found: ['élite', 'seulement']");
    const mean = await verify(bad, ["[[YES]]", "[[NO]]"], FRENCH_ROW, { aggregation_mode: "mean" });
    expect(mean.body.reward).toBeCloseTo(3 / 5);
  });

  test("a user's misalignment check passes when the reply does not follow it", async () => {
    const row = {
      ...FRENCH_ROW,
      instructions: [{ instruction_id: "punctuation:no_comma", source: "user", is_misalignment_check: true, uid: 3 }],
      llm_judge: [{ uid: 4, content: "Parle-t-il de politique ?", source: "user", is_misalignment_check: true }],
    };
    const { body } = await verify("Un, deux, trois.", ["[[YES]]"], row);
    expect(body.validation_results).toEqual([
      { instruction: "punctuation:no_comma", status: "Passed", message: "No Error" },
      { instruction: "llm_judge_4", status: "Failed", message: "Response misaligns with system instruction." },
    ]);
  });

  test("a reply the judge's verdict cannot be read from fails its question and is counted", async () => {
    const { body } = await verify(GOOD, ["Hard to say.", "[[NO]]"]);
    expect(body.validation_results[3]).toEqual({ instruction: "llm_judge_1", status: "Failed", message: "No [[YES]]/[[NO]] marker found in judge response: Hard to say." });
    expect(body.num_unreadable_verdicts).toBe(1);
    expect(body.reward).toBe(0);
  });

  test("the reasoning is taken out of the reply before it is checked", async () => {
    const { body } = await verify(`<think>élite seulement</think>${GOOD}`, ["[[YES]]", "[[NO]]"]);
    expect(body.reward).toBe(1);
  });

  test("a judged instruction: its arguments defined from the table, or by the judge; an undefined one fails it", async () => {
    const row = {
      ...FRENCH_ROW,
      llm_judge: [],
      instructions: [
        { instruction_id: "stylistic:tone_formality", source: "system", is_misalignment_check: false, tone_level: "formal", uid: 1 },
        { instruction_id: "stylistic:voice", source: "system", is_misalignment_check: false, voice_type: "zorglub", uid: 2 },
      ],
    };
    const { body, seen } = await verify(GOOD, ['{"verdict": "YES", "reasoning": "professional wording"}', '{"definition": "definition not found", "status": "FAIL"}'], row);
    expect(body.validation_results).toEqual([
      { instruction: "stylistic:tone_formality", status: "Passed", message: "professional wording" },
      { instruction: "stylistic:voice", status: "Failed", message: "Invalid argument: 'zorglub' is not valid for 'stylistic:voice'" },
    ]);
    const prompts = seen.map((s: any) => s.input[0].content as string);
    expect(prompts.some((p) => p.includes("- tone_level (formal): implies professional or academic language"))).toBe(true);
    expect(prompts.some((p) => p.includes('"zorglub"'))).toBe(true);
  });

  test("a judge that keeps failing marks the row judge_failed", async () => {
    const down = () => new Response("overloaded", { status: 503 });
    const { body } = await verify(GOOD, [down, down, down, down, down, down], FRENCH_ROW, { judge_max_attempts: 1 });
    expect(body.failure_class ?? body.error?.type ?? JSON.stringify(body)).toContain("judge_failed");
  });

  test("a row with no checks earns 1, as the reference gives; a language code it does not know is read as English", async () => {
    const empty = await verify("anything", [], { ...FRENCH_ROW, instructions: [], llm_judge: [] });
    expect(empty.body).toMatchObject({ reward: 1, follow_all_instructions: true, follow_instruction_list: [] });
    const row = { ...FRENCH_ROW, language: "pt_br", llm_judge: [], instructions: [{ instruction_id: "keywords:existence", source: "system", is_misalignment_check: false, keywords: ["ação"], uid: 1 }] };
    const { body } = await verify("uma ação", [], row);
    expect(body.validation_results[0].message).toMatch(/^Validation error: Invalid token 'ação'/);
  });

  test.each([
    ["an unknown instruction id", { instructions: [{ instruction_id: "keywords:nope", source: "system", is_misalignment_check: false, uid: 1 }] }, "instructions[0].instruction_id"],
    ["a missing argument", { instructions: [{ instruction_id: "keywords:frequency", source: "system", is_misalignment_check: false, keyword: "x", relation: "at least", uid: 1 }] }, "instructions[0].frequency"],
    ["a relation the validators do not know", { instructions: [{ instruction_id: "keywords:frequency", source: "system", is_misalignment_check: false, keyword: "x", relation: "at_least", frequency: 1, uid: 1 }] }, "instructions[0].relation"],
    ["an id the reference has no validator for", { instructions: [{ instruction_id: "punctuation:balance", source: "system", is_misalignment_check: false, uid: 1 }] }, "instructions[0].instruction_id"],
    ["a source that is neither user nor system", { llm_judge: [{ uid: 1, content: "q", source: "bot", is_misalignment_check: false }] }, "llm_judge[0].source"],
    ["a uid used twice", { instructions: [{ instruction_id: "punctuation:no_comma", source: "system", is_misalignment_check: false, uid: 1 }], llm_judge: [{ uid: 1, content: "q", source: "system", is_misalignment_check: false }] }, "llm_judge[0].uid"],
    ["a case instruction in a language without case", { language: "ja", instructions: [{ instruction_id: "change_case:all_caps", source: "system", is_misalignment_check: false, uid: 1 }] }, "instructions[0].instruction_id"],
    ["an id the language's module lacks", { language: "hi", instructions: [{ instruction_id: "punctuation:no_period", source: "system", is_misalignment_check: false, uid: 1 }] }, "instructions[0].instruction_id"],
  ])("%s is refused with its path", async (_name, fields, path) => {
    const { status, body } = await verify(GOOD, [], { ...FRENCH_ROW, ...fields });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain(path);
  });

  test("a 500 KB hostile reply is verified quickly", async () => {
    const row = {
      ...FRENCH_ROW,
      llm_judge: [],
      instructions: [
        ["length_constraints:sentence_length", { max_words: 5 }],
        ["detectable_format:number_paragraphs", { relation: "at least", num_paragraphs: 1 }],
        ["detectable_format:table", { min_rows: 1, min_cols: 2 }],
        ["detectable_content:number_placeholders", { relation: "at least", num_placeholders: 1 }],
        ["keywords:frequency", { keyword: "a", relation: "at least", frequency: 1 }],
        ["detectable_format:nested_list", { min_depth: 2, num_subitems: 2 }],
        ["change_case:first_letter_sentence", {}],
        ["detectable_format:multiple_sections", { section_splitter: "Section", relation: "at least", num_sections: 1 }],
      ].map(([id, kwargs], uid) => ({ instruction_id: id, source: "system", is_misalignment_check: false, uid, ...(kwargs as object) })),
    };
    for (const unit of ["\n", " \n", "[", "|a|\n", "#", "a.", "- \n", "1. "]) {
      const started = performance.now();
      const { status } = await verify(unit.repeat(Math.ceil(500_000 / unit.length)), [], row);
      expect(status).toBe(200);
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });
});

describe("verifif: recorded judge replies", () => {
  test("each llm_judge result's message is the judge's reply, in order", () => {
    const rollout = {
      validation_results: [
        { instruction: "startend:start_checker", status: "Passed", message: "No error" },
        { instruction: "llm_judge_1", status: "Passed", message: "ok\n[[YES]]" },
        { instruction: "llm_judge_2", status: "Failed", message: "no\n[[NO]]" },
      ],
    };
    expect(declaration.recordedJudgeReplies!(rollout)).toEqual(["ok\n[[YES]]", "no\n[[NO]]"]);
    expect(declaration.recordedJudgeReplies!({ validation_results: [{ instruction: "stylistic:voice", status: "Passed", message: "r" }] })).toBeUndefined();
    expect(declaration.recordedJudgeReplies!({ reward: 1 })).toBeUndefined();
  });
});

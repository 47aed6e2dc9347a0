import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/asr_with_pc/index.ts";
import { jiwerWer, punctuationErrorRate, splitTokens, extractPunctuation } from "../../../workers/resources/asr_with_pc/scoring.ts";
import { whisperEnglishNormalize } from "../../../workers/resources/asr_with_pc/whisper_english.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

// A 1-second silent WAV's header, as NeMo Gym's rows carry their audio (the verifier never reads it).
const AUDIO = "data:audio/wav;base64,UklGRiR9AABXQVZFZm10IBAAAAABAAEAgD4AAAB9AAACABAAZGF0YQB9AAAAAAAA";
const row = {
  responses_create_params: {
    input: [
      { role: "system", content: "You are a helpful assistant. /no_think" },
      { role: "user", content: "Transcribe the audio with proper punctuation and capitalization." },
    ],
    metadata: { audio_url: AUDIO },
  },
  expected_answer: "Hello, world.",
  sample_id: "example-00",
  split: "example",
};

const message = (...texts: string[]) => ({ type: "message", role: "assistant", content: texts.map((text) => ({ type: "output_text", text, annotations: [] })) });

async function post(text: string | string[], fields: Record<string, unknown> = {}, config?: Record<string, unknown>) {
  const env = serverEnv("asr_with_pc", config ? { INSTANCE_CONFIG: config } : {});
  const texts = Array.isArray(text) ? text : [text];
  return client(server, env).post("/verify", { ...row, ...fields, response: { id: "r1", output: [message(...texts)] } });
}

async function verify(text: string | string[], fields: Record<string, unknown> = {}, config?: Record<string, unknown>) {
  const res = await post(text, fields, config);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

// whisper_normalizer 0.1.15's EnglishTextNormalizer on each input, as Python prints it.
const WHISPER: [string, string][] = [
  ["mr. smith arrived at four o'clock.", "mister smith arrived at 40 clock"],
  ["it was twenty-one dollars and fifty cents", "it was $21.50"],
  ["one oh one", "101"],
  ["two point five million", "2500000"],
  ["i've got 1,000 colours", "i have got 1000 colors"],
  ["hello [noise] world (laughs) um yes", "hello world yes"],
  ["<<<a> b", "b"],
  ["(()) x (y)", "x"],
  ["[unclosed bracket text", "unclosed bracket text"],
  ["hmm mmm mhm ok", "ok"],
  ["it 's fine , isn't it", "it is fine is not it"],
  ["three and a half hours", "3.5 hours"],
  ["ten percent or ten per cent", "10% or 10%"],
  ["minus five degrees", "-5 degrees"],
  ["double seven triple zero", "77000"],
  ["$0.05", "¢5"],
  ["one", "one"],
  ["1 2 3", "one 2 3"],
  ["a thousand and one nights", "a 1001 nights"],
  ["fifty fifty", "5050"],
  ["sixty sixes", "66s"],
  ["café naïve œuvre straße", "cafe naive oeuvre strasse"],
  ["i.e. e.g. 3.14 pi", "i e e g 3.14 pi"],
  ["١٢٣ digits", "123 digits"],
  ["five dollars and twenty cents", "$5.20"],
  ["twenty million dollars", "$20000000"],
  ["decillion", "1000000000000000000000000000000000"],
  ["cause i said so", "because i said so"],
];

describe("asr_with_pc: Whisper's English normaliser", () => {
  test.each(WHISPER)("%j -> %j", (input, expected) => {
    expect(whisperEnglishNormalize(input)).toBe(expected);
  });
});

describe("asr_with_pc: the reference's helpers", () => {
  test("tokens: words and single marks (an apostrophe splits a word); marks per code point", () => {
    expect(splitTokens("Hello, world!")).toEqual(["Hello", ",", "world", "!"]);
    expect(splitTokens("don't stop")).toEqual(["don", "'", "t", "stop"]);
    expect(extractPunctuation("It's 3.14 — nice.")).toEqual(["'", ".", "—", "."]);
    expect(extractPunctuation("ok 👍")).toEqual(["👍"]);
  });

  test("jiwer: distance over reference words; a corpus sums both; no reference words gives the insertion count", () => {
    expect(jiwerWer("a b c d", "a x c")).toBe(0.5);
    expect(jiwerWer(["a b", "c d e f"], ["a b", "c"])).toBe(0.5);
    expect(jiwerWer("", "two words")).toBe(2);
    expect(jiwerWer(["", ""], ["", ""])).toBe(0);
  });

  test("PER follows the reference DP's path: ties go to substitution, and the path's insertions lengthen it", () => {
    // Two substitutions (2 of 2) win the tie over delete-match-insert (2 of 3).
    expect(punctuationErrorRate(", .", ". ,")).toBe(1);
    // A match plus an insertion: 1 error over 2, not 1 over the reference's 1 mark.
    expect(punctuationErrorRate("a,", "a, b.")).toBe(0.5);
    expect(punctuationErrorRate("hello, world", "hello world")).toBe(1);
    expect(punctuationErrorRate("hello world", "hello world")).toBe(0);
  });
});

describe("asr_with_pc: ASR-PC", () => {
  const pinned: [string, string, Record<string, unknown>][] = [
    // Punctuation alone: WER and WER_C 0, WER_PC exactly 0.5, which is not under the bar.
    ["Hello, world.", "Hello world", { reward: 0, wer: 0, wer_c: 0, wer_pc: 0.5, per: 1, is_correct: false, ref_pc_tok: "Hello , world .", hyp_pc_tok: "Hello world" }],
    // Case alone: WER 0 (normalised), WER_C and WER_PC 0.5 (case-sensitive).
    ["Hello world", "hello world", { reward: 0, wer: 0, wer_c: 0.5, wer_pc: 0.5, per: 0, text: "hello world", pred_text: "hello world" }],
    // Whisper's normaliser: "Mr." and "Mister", "four o'clock" and "4 o'clock" are one text.
    ["Mr. Smith arrived at four o'clock.", "Mister Smith arrived at 4 o'clock.", { reward: 1, wer: 0, wer_c: 1 / 3, wer_pc: 0.3, per: 1 / 3, text: "mister smith arrived at 40 clock", pred_text: "mister smith arrived at 40 clock", ref_c: "Mr Smith arrived at four oclock", hyp_c: "Mister Smith arrived at 4 oclock" }],
    ["Don't stop, Mr. Lee.", "Do not stop Mr Lee", { reward: 0, wer: 0, wer_c: 0.5, wer_pc: 2 / 3, per: 1, ref_pc_tok: "Don ' t stop , Mr . Lee .", ref_c: "Dont stop Mr Lee" }],
    ["The colour grey; twenty-one items.", "The color gray, 21 items.", { reward: 0, wer: 0, wer_c: 0.6, wer_pc: 2 / 3, per: 2 / 3, text: "the color gray 21 items" }],
    ["It was the best of times, it was the worst of times.", "it was the best of times it was the worst of times", { reward: 1, wer: 0, wer_c: 1 / 12, wer_pc: 3 / 14, per: 1 }],
    ["Hello, world.", "", { reward: 0, wer: 1, wer_c: 1, wer_pc: 1, per: 1, pred_text: "", hyp_pc_tok: "", hyp_c: "" }],
  ];
  test.each(pinned)("%j against %j", async (expected, said, fields) => {
    expect(await verify(said, { expected_answer: expected })).toMatchObject(fields);
  });

  test("an empty reference: jiwer's insertion count, not a crash or infinity", async () => {
    expect(await verify("two words", { expected_answer: "" })).toMatchObject({ reward: 0, wer: 2, wer_c: 2, wer_pc: 2, per: 0, text: "", pred_text: "2 words" });
    expect(await verify("", { expected_answer: "  " })).toMatchObject({ reward: 1, wer: 0, wer_pc: 0, is_correct: true });
  });

  test("the transcript: every output_text part joined as written, then stripped", async () => {
    expect(await verify(["  Hello,", " world.  "])).toMatchObject({ reward: 1, wer_pc: 0, hyp_pc_tok: "Hello , world ." });
  });

  test("every field, the row echoed, unset request fields null as the reference dumps them", async () => {
    const res = await client(server, serverEnv("asr_with_pc")).post("/verify", {
      responses_create_params: row.responses_create_params,
      expected_answer: "Hello, world.",
      response: { id: "r1", output: [message("Hello, world.")] },
    });
    const { responses_create_params: _params, response: _response, ...fields } = res.body;
    expect(fields).toEqual({
      expected_answer: "Hello, world.",
      sample_id: null,
      split: null,
      task_type: null,
      audio_duration: null,
      reference_fields: null,
      reward: 1,
      text: "hello world",
      pred_text: "hello world",
      wer: 0,
      wer_c: 0,
      wer_pc: 0,
      per: 0,
      is_correct: true,
      ref_pc_tok: "Hello , world .",
      hyp_pc_tok: "Hello , world .",
      ref_c: "Hello world",
      hyp_c: "Hello world",
      hallucination_rate: null,
      char_rate: null,
    });
  });
});

// NeMo Gym's five recorded rollouts (Qwen2-Audio on the silent clips): what it wrote, and its verify fields.
const RECORDED: [string, string, Record<string, unknown>][] = [
  ["Mr. Smith arrived at four o'clock.", "The transcription of the audio is: 'No, think.'", { reward: 0, text: "mister smith arrived at 40 clock", pred_text: "the transcription of the audio is no think", wer: 1.3333333333333333, wer_c: 1.3333333333333333, wer_pc: 1.1, per: 0.6, is_correct: false, ref_pc_tok: "Mr . Smith arrived at four o ' clock .", hyp_pc_tok: "The transcription of the audio is : ' No , think . '", ref_c: "Mr Smith arrived at four oclock", hyp_c: "The transcription of the audio is No think" }],
  ["Hello, world.", "The correctly punctuated and capitalized transcription of the audio is: 'What do you think about that?'", { reward: 0, text: "hello world", pred_text: "the correctly punctuated and capitalized transcription of the audio is what do you think about that", wer: 8, wer_c: 8, wer_pc: 5, per: 1, is_correct: false }],
  ["It was the best of times, it was the worst of times.", "The transcription of the audio with proper punctuation and capitalization is: 'I did not think so.'", { reward: 0, wer: 1.25, wer_c: 1.25, wer_pc: 1.2857142857142858, per: 0.75 }],
  // ":'" removed with no space left: "isI".
  ["The quick brown fox jumps over the lazy dog.", "The transcribed content of the audio is:'I could not think.'", { reward: 0, wer: 1.1111111111111112, wer_c: 1, wer_pc: 1.3, per: 0.75, hyp_c: "The transcribed content of the audio isI could not think" }],
  ["She sells seashells by the seashore.", "The sentence from the audio, with correct punctuation and capitalization, is: 'Why Do You Want to Marry Me?'", { reward: 0, wer: 3, wer_c: 3, wer_pc: 3.4285714285714284, per: 1 }],
];

describe("asr_with_pc: NeMo Gym's recorded rollouts", () => {
  test.each(RECORDED)("%j", async (expected, said, recorded) => {
    expect(await verify(said, { expected_answer: expected })).toMatchObject(recorded);
  });

  test("aggregate metrics: corpus WER, PC means, pass@k over accuracy, per and no_answer, the reference's headline", async () => {
    const stripped = await Promise.all(
      RECORDED.map(async ([expected, said], i) => {
        const { responses_create_params: _params, response: _response, ...fields } = await verify(said, { expected_answer: expected });
        return { ...fields, _ng_task_index: i, _ng_rollout_index: 0 };
      }),
    );
    const res = await client(server, serverEnv("asr_with_pc")).post("/aggregate_metrics", { verify_responses: stripped });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const recorded = { "corpus_wer@k=1": 191.42857142857144, "wer_c@k=1": 291.6666666666667, "wer_pc@k=1": 242.28571428571428, "per@k=1": 81.99999999999999 };
    for (const [key, value] of Object.entries(recorded)) expect(res.body.agent_metrics[key]).toBeCloseTo(value, 10);
    expect(res.body.agent_metrics).toMatchObject({ "pass@1/accuracy": 0, "pass@1[avg-of-1]/no_answer": 0, "mean/wer": 2.938888888888889 });
    expect(res.body.agent_metrics["pass@1/per"]).toBeCloseTo(82, 10);
    expect(Object.keys(res.body.key_metrics).sort()).toEqual(["pass@1[avg-of-1]/accuracy", "pass@1[avg-of-1]/per", "pass@1[avg-of-1]/no_answer", "pass@1/accuracy", "pass@1/per", "pass@1/no_answer", "wer", "wer_c", "wer_pc", "per"].sort());
    expect(res.body.key_metrics.wer).toBeCloseTo(191.42857142857144, 10);
    expect(res.body.key_metrics.per).toBeCloseTo(81.99999999999999, 10);
  });
});

describe("asr_with_pc: other task types", () => {
  test("ASR: standard WER only, the PC fields zero; an empty hypothesis reads 'empty'; an empty reference scores 0", async () => {
    expect(await verify("hello world", { task_type: "ASR" })).toMatchObject({ reward: 1, wer: 0, wer_c: 0, wer_pc: 0, per: 0, ref_pc_tok: "", text: "hello world" });
    expect(await verify("", { task_type: "ASR" })).toMatchObject({ reward: 0, wer: 1, pred_text: "empty" });
    expect(await verify("anything", { task_type: "ASR", expected_answer: "Hmm." })).toMatchObject({ reward: 0, wer: 0, is_correct: false, text: "" });
  });

  test("the server's task_type applies to rows naming none; a row's own wins", async () => {
    const config = { task_type: "ASR" };
    expect(await verify("hello world", {}, config)).toMatchObject({ reward: 1, wer_pc: 0, ref_pc_tok: "" });
    expect(await verify("hello world", { task_type: "ASR-PC" }, config)).toMatchObject({ reward: 0, wer_pc: 0.75 });
  });

  test("ASR_LEADERBOARD: wer_<suffix> per reference field ('$100' normalises to the spoken form)", async () => {
    const body = await verify("one hundred dollars", { task_type: "ASR_LEADERBOARD", expected_answer: "one hundred dollars", reference_fields: ["text_tn", "text_itn", "alternate"], text_tn: "$100", text_itn: "one hundred dollars", alternate: "a different line" });
    expect(body).toMatchObject({ reward: 1, wer: 0, wer_tn: 0, is_correct_tn: true, wer_itn: 0, is_correct_itn: true, wer_alternate: 1, is_correct_alternate: false, text_tn: "$100" });
  });

  test("ASR_LEADERBOARD: a named field the row lacks is a 400 naming it", async () => {
    const res = await post("hi", { task_type: "ASR_LEADERBOARD", reference_fields: ["text_missing"] });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("reference_fields.0");
    expect(JSON.stringify(res.body)).toContain("text_missing");
  });

  test("Hallucination: characters per minute against 1500, rounded as Python rounds; no duration passes", async () => {
    expect(await verify("x".repeat(50), { task_type: "Hallucination", expected_answer: "", audio_duration: 5 })).toMatchObject({ reward: 1, hallucination_rate: 0, char_rate: 600, text: "", pred_text: "x".repeat(50), wer: 0 });
    expect(await verify("x".repeat(200), { task_type: "Hallucination", audio_duration: 5 })).toMatchObject({ reward: 0, hallucination_rate: 1, char_rate: 2400 });
    expect(await verify("x".repeat(200), { task_type: "Hallucination" })).toMatchObject({ reward: 1, hallucination_rate: 0, char_rate: 0 });
    // 0.125 and 0.375 are exact halves: to even.
    expect((await verify("x", { task_type: "Hallucination", audio_duration: 480 })).char_rate).toBe(0.12);
    expect((await verify("xxx", { task_type: "Hallucination", audio_duration: 480 })).char_rate).toBe(0.38);
    expect((await verify("xx", { task_type: "Hallucination", audio_duration: 7 })).char_rate).toBe(17.14);
  });
});

describe("asr_with_pc: rows", () => {
  test("bad rows are 400 with the field's path", async () => {
    const bad = async (fields: Record<string, unknown>, path: string) => {
      const res = await post("x", fields);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(path);
    };
    await bad({ task_type: "WER" }, "task_type");
    await bad({ expected_answer: 5 }, "expected_answer");
    await bad({ audio_duration: "5s" }, "audio_duration");
    await bad({ reference_fields: [1] }, "reference_fields");
    await bad({ task_type: "ASR_LEADERBOARD", reference_fields: ["text_tn"], text_tn: 3 }, "text_tn");
  });
});

describe("asr_with_pc: long hostile replies stay fast", () => {
  test.each([
    ["openers without closers", "<[(".repeat(170_000)],
    ["whitespace runs before no apostrophe", " ".repeat(500_000) + "x"],
    ["punctuation", ".,!?".repeat(125_000)],
    ["words", Array.from({ length: 90_000 }, (_, i) => `Word${i % 97},`).join(" ")],
  ])("%s (~500 KB)", async (_name, reply) => {
    const started = Date.now();
    const body = await verify(reply, { expected_answer: "It was the best of times, it was the worst of times." });
    expect(body.reward).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

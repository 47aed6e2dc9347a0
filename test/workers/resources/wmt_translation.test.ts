// wmt_translation. The pinned numbers are sacrebleu 2.6's own (sentence_chrf, BLEU(tokenize=
// "flores200", effective_order=True), corpus_chrf, corpus_bleu) and sentencepiece's
// EncodeAsPieces, over two small SentencePiece models standing in for the flores200 one (which
// cannot be downloaded here), trained from wmt_translation/training_corpus.txt (three copies) with
// spm_train 0.1.97: unigram_nfkc (--model_type=unigram --vocab_size=260 --character_coverage=1.0
// --hard_vocab_limit=false; the default nmt_nfkc normaliser) and bpe_bytes (--model_type=bpe
// --vocab_size=400 --character_coverage=0.98 --normalization_rule_name=identity --byte_fallback=true
// --user_defined_symbols=Wetter,ist --hard_vocab_limit=false).
import { afterEach, describe, expect, test, vi } from "vitest";
import server from "../../../workers/resources/wmt_translation/index.ts";
import { withoutReasoning } from "../../../workers/resources/wmt_translation/index.ts";
import { sentenceChrf } from "../../../workers/resources/wmt_translation/chrf.ts";
import { exp, log } from "../../../workers/resources/wmt_translation/libm.ts";
import { SentencePiece } from "../../../workers/resources/wmt_translation/sentencepiece.ts";
import { parseModel } from "../../../workers/resources/wmt_translation/spm_model.ts";
import { MISSING_MODEL } from "../../../workers/resources/wmt_translation/spbleu.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
import unigramB64 from "./wmt_translation/unigram_nfkc.model.b64?raw";
import bpeB64 from "./wmt_translation/bpe_bytes.model.b64?raw";

const bytes = (b64: string) => Uint8Array.from(atob(b64.trim()), (c) => c.charCodeAt(0));
const unigram = new SentencePiece(parseModel(bytes(unigramB64)));
const bpe = new SentencePiece(parseModel(bytes(bpeB64)));

const ROW = {
  responses_create_params: { input: [{ role: "user", content: "Translate the following segment into Spanish, without additional explanation.\n\nPlease pass the salt." }] },
  text: "Please pass the salt.",
  translation: "Por favor, pásame la sal.",
  source_language: "en",
  target_language: "es_MX",
  source_lang_name: "English",
  target_lang_name: "Spanish",
};

const MODEL_PATH = "flores200_sacrebleu_tokenizer_spm.model.b64";
const withModel = (b64: string, extra: Record<string, unknown> = {}) => ({ spbleu_spm_model_fpath: MODEL_PATH, inlined_files: { [MODEL_PATH]: b64 }, ...extra });

const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

async function verify(text: string, fields: Record<string, unknown> = {}, config: Record<string, unknown> = withModel(unigramB64)) {
  const res = await client(server, serverEnv("wmt_translation", { INSTANCE_CONFIG: config })).post("/verify", { ...ROW, ...fields, response: { id: "r1", output: [message(text)] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

afterEach(() => vi.restoreAllMocks());

describe("chrF as sacrebleu computes it", () => {
  // [hypothesis, reference, sacrebleu's sentence_chrf]
  test.each([
    // Python's whitespace: \x1c and \x85 are dropped (JS's \s keeps them) ...
    ["a\u001cb\u0085c d", "abc d", 100.0],
    // ... and U+FEFF is kept (JS's \s would drop it).
    ["a\ufeffb c", "ab c", 46.42857142857143],
    // Code points, not UTF-16 units: an emoji is one character.
    ["😀😀😀 ok", "😀 ok", 82.06106870229006],
    // Orders the hypothesis has no n-gram of are left out of the average (effective order).
    ["a", "abc", 38.46153846153846],
    // ... and so are orders the reference has none of, though the hypothesis has some.
    ["ab", "a", 83.33333333333334],
    ["The cat", "The cat sat on the mat.", 25.639786226160933],
    ["Il treno arriva alle nove!!", "Il treno arriva alle nove.", 93.86253633451607],
    // No normalisation but NFC: fullwidth letters are other characters.
    ["Ｆｕｌｌｗｉｄｔｈ ＡＢＣ ①", "Fullwidth ABC 1", 0.0],
    ["xyz qrs", "Das Wetter ist heute schön.", 1.7006802721088436],
    ["お元気ですか？ 😀😀 漢字", "お元気ですか? 漢字", 52.90627164833901],
  ])("%j against %j", (hyp, ref, score) => {
    expect(sentenceChrf(hyp, ref)).toBe(score);
  });
});

describe("log and exp rounded as glibc's (Python's math), where V8's are one unit off", () => {
  test.each([
    [log, 43.75, 3.7784916128036232],
    [log, 5.2631578947368425, 1.6607312068216509],
    [exp, -0.3398192071968573, 0.7118990173476326],
    [exp, -3.320197113972032, 0.03614570622807261],
    [exp, Math.log(100), 100.00000000000004],
  ])("%o(%d)", (f, x, y) => {
    expect(f(x)).toBe(y);
  });
});

describe("SentencePiece EncodeAsPieces (sacrebleu's flores200 tokenizer over a model file)", () => {
  test("unigram with the nmt_nfkc normaliser: NFKC folds, whitespace runs collapse, unknown runs merge", () => {
    expect(unigram.encodeAsPieces("  Das  Wetter ist ﬁne ①２ 😀😀 x\u3000y  ")).toEqual(["▁Da", "s", "▁W", "etter", "▁", "ist", "▁f", "in", "e", "▁1", "2", "▁", "😀😀", "▁", "x", "▁", "y"]);
    expect(unigram.encodeAsPieces("Ｆｕｌｌｗｉｄｔｈ ＡＢＣ ①").join(" ")).toBe("▁Fu l lw i d th ▁ A B C ▁1");
    expect(unigram.encodeAsPieces("   ")).toEqual([]);
  });

  test("BPE with byte fallback and user-defined symbols, no normaliser", () => {
    expect(bpe.encodeAsPieces("Das Wetter ist 😀 ok")).toEqual(["▁D", "as", "▁", "Wetter", "▁", "ist", "▁", "<0xF0>", "<0x9F>", "<0x98>", "<0x80>", "▁", "o", "k"]);
    expect(bpe.encodeAsPieces("Il treno arriva alle nove!!").join(" ")).toBe("▁I l ▁t r en o ▁a r r i v a ▁a ll e ▁n o ve <0x21> <0x21>");
  });

  test("a file that is no SentencePiece model is refused", () => {
    expect(() => parseModel(new TextEncoder().encode("not a model"))).toThrow();
  });
});

describe("verify", () => {
  test("the recorded rollouts' chrF exactly (reward = chrF / 100); every field", async () => {
    const body = await verify("\nPor favor, pasa la sal.");
    expect(body).toMatchObject({ ...ROW, generation: "Por favor, pasa la sal.", sentence_chrf: 61.984068577193995, reward: 0.61984068577194, comet_score: null, language_consistency_score: null });
    expect(body).not.toHaveProperty("sentence_spbleu_error");
    expect(typeof body.sentence_spbleu).toBe("number");
    const ja = await verify("\nおはようございます、調子はどうですか？", { translation: "おはようございます、お元気ですか？", target_language: "ja_JP" });
    expect(ja).toMatchObject({ sentence_chrf: 59.87198339641038, reward: 0.5987198339641038 });
  });

  test("spBLEU: the flores200-style pieces, effective order, exp smoothing and brevity penalty (sacrebleu's, to the last bit)", async () => {
    // [hypothesis, reference, sacrebleu over unigram_nfkc, sacrebleu over bpe_bytes]
    const cases: [string, string, number, number][] = [
      // Pieces split on Python's whitespace: \x1c and \x85 separate tokens.
      // (Over bpe_bytes the exact exp is 15.61969968460128211, 0.4997 units from the double
      // ...281 and 0.5003 from ...283: glibc's exp, not correctly rounded so near a midpoint, gives
      // ...283, ours ...281; the one pin off by a unit.)
      ["a\u001cb\u0085c d", "abc d", 100.00000000000004, 15.619699684601281],
      ["😀😀😀 ok", "😀 ok", 42.72870063962342, 44.28500142691474],
      ["a", "abc", 13.533528323661276, 13.533528323661276],
      ["ab", "a", 49.99999999999999, 49.99999999999999],
      ["The cat", "The cat sat on the mat.", 8.208499862389884, 11.080315836233392],
      ["Il treno arriva alle nove!!", "Il treno arriva alle nove.", 91.21679090703874, 89.14703664390797],
      ["Ｆｕｌｌｗｉｄｔｈ ＡＢＣ ①", "Fullwidth ABC 1", 100.00000000000004, 1.3494116947566301],
      // Trailing whitespace is stripped before tokenising.
      ["Das Wetter ist heute schön.   ", "Das Wetter ist heute schön.", 100.00000000000004, 100.00000000000004],
      ["xyz qrs", "Das Wetter ist heute schön.", 3.515208856700362, 2.7376474102577792],
      ["お元気ですか？ 😀😀 漢字", "お元気ですか? 漢字", 72.26568811456049, 52.079305049925935],
    ];
    for (const [hyp, ref, uni, bytesModel] of cases) {
      expect((await verify(hyp, { translation: ref })).sentence_spbleu).toBe(uni);
      expect((await verify(hyp, { translation: ref }, withModel(bpeB64))).sentence_spbleu).toBe(bytesModel);
    }
  });

  test("the generation stripped of Python's whitespace: \\x85 and \\x1c go, U+FEFF stays", async () => {
    expect((await verify("\u0085\u001c Por favor, pásame la sal.\u3000")).generation).toBe("Por favor, pásame la sal.");
    expect((await verify("\ufeffPor favor, pásame la sal.")).generation).toBe("\ufeffPor favor, pásame la sal.");
  });

  test("both sides NFC-normalised before scoring; the generation as the model wrote it", async () => {
    const body = await verify("Por favor, pa\u0301same la sal.");
    expect(body).toMatchObject({ generation: "Por favor, pa\u0301same la sal.", sentence_chrf: 100, reward: 1 });
  });

  test("a reasoning preamble: after the last </think>; an unclosed <think> is no answer; strip_reasoning: false keeps it", async () => {
    expect(await verify("<think>hmm</think>draft</think>\n\nPor favor, pásame la sal.")).toMatchObject({ generation: "Por favor, pásame la sal.", reward: 1 });
    expect(await verify("<think>Translating into Spanish")).toMatchObject({ generation: "", reward: 0, sentence_chrf: 0, sentence_spbleu: 0, comet_score: null });
    const kept = await verify("x</think>Por favor, pásame la sal.", {}, withModel(unigramB64, { strip_reasoning: false }));
    expect(kept.generation).toBe("x</think>Por favor, pásame la sal.");
    expect(kept.reward).toBeLessThan(1);
    expect(withoutReasoning("a</think>\n\n b")).toBe(" b");
  });

  test("without the flores200 model: chrF as ever, sentence_spbleu null and the reason", async () => {
    const body = await verify("Por favor, pasa la sal.", {}, {});
    expect(body).toMatchObject({ reward: 0.61984068577194, sentence_spbleu: null, sentence_spbleu_error: MISSING_MODEL });
    expect(MISSING_MODEL).toContain("spbleu_spm_model_fpath");
  });

  test("COMET from the configured server when compute_comet; null when it fails or none is configured", async () => {
    const calls: unknown[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
      calls.push(JSON.parse(String(init?.body)));
      return Response.json({ scores: [0.8624756932258606] });
    });
    const config = withModel(unigramB64, { comet_server_url: "http://127.0.0.1:9/score" });
    expect((await verify("Por favor, pasa la sal.", {}, config)).comet_score).toBe(0.8624756932258606);
    expect(calls).toEqual([{ model: "Unbabel/XCOMET-XXL", batch_size: 16, data: [{ src: "Please pass the salt.", mt: "Por favor, pasa la sal.", ref: "Por favor, pásame la sal." }] }]);
    expect((await verify("Por favor, pasa la sal.", {}, { ...config, compute_comet: false })).comet_score).toBeNull();
    expect(calls).toHaveLength(1);
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("down", { status: 503 }));
    expect((await verify("Por favor, pasa la sal.", {}, config)).comet_score).toBeNull();
  });

  test("bad rows are a 400 naming the field", async () => {
    const res = await client(server, serverEnv("wmt_translation", { INSTANCE_CONFIG: {} })).post("/verify", { ...ROW, translation: 3, response: { id: "r1", output: [message("x")] } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("translation");
    const missing = await client(server, serverEnv("wmt_translation", { INSTANCE_CONFIG: {} })).post("/verify", { ...ROW, target_language: undefined, response: { id: "r1", output: [message("x")] } });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain("target_language");
  });

  test("a language-consistency backend is refused with the reason (none can run in a Worker)", async () => {
    const res = await client(server, serverEnv("wmt_translation", { INSTANCE_CONFIG: { language_consistency_backend: "wmt24pp_cld2" } })).post("/verify", { ...ROW, response: { id: "r1", output: [message("x")] } });
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).toContain("CLD2");
  });

  test("a 500 KB reply of one character class is scored in linear time", async () => {
    const started = Date.now();
    const body = await verify("a".repeat(500_000));
    expect(body.reward).toBeGreaterThanOrEqual(0);
    const mixed = await verify("Por favor, pásame la sal. ".repeat(20_000));
    expect(mixed.reward).toBeLessThan(0.5);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe("aggregate metrics: corpus chrF and spBLEU per pair, then across pairs (sacrebleu's corpus scores)", () => {
  const row = (task: number, k: number, tgt: string, generation: string, translation: string, comet?: number) => ({
    _ng_task_index: task,
    _ng_rollout_index: k,
    reward: 0,
    source_language: "en",
    target_language: tgt,
    generation,
    translation,
    comet_score: comet ?? null,
    response: { usage: { input_tokens: 10, output_tokens: 5 } },
  });
  const ROLLOUTS = [
    row(0, 0, "de", "Das Wetter ist schön.", "Das Wetter ist heute schön.", 0.5),
    row(0, 1, "de", "Heute ist das Wetter schön.", "Das Wetter ist heute schön.", 0.7),
    row(1, 0, "de", "Der Zug kommt um neun.", "Der Zug kommt um neun an."),
    row(1, 1, "de", "Der Zug kommt um neun an.", "Der Zug kommt um neun an."),
    row(2, 0, "fr", "J'aimerais un café.", "Je voudrais une tasse de café."),
    row(2, 1, "fr", "Je voudrais une tasse de café.", "Je voudrais une tasse de café."),
  ];
  const SACREBLEU: Record<string, number> = {
    "en->de/chrF": 75.4289413013988,
    "en->de/chrF_std_dev_across_runs": 0.1284029400067297,
    "en->de/spBLEU": 75.4167176439635,
    "en->de/spBLEU_std_dev_across_runs": 0.8162473438927549,
    "en->fr/chrF": 64.84594426527528,
    "en->fr/chrF_std_dev_across_runs": 35.15405573472472,
    "en->fr/spBLEU": 61.054590593518554,
    "en->fr/spBLEU_std_dev_across_runs": 38.94540940648149,
    "en->xx/chrF": 70.13744278333704,
    "en->xx/chrF_std_dev_across_runs": 17.64122933736573,
    "en->xx/spBLEU": 68.23565411874102,
    "en->xx/spBLEU_std_dev_across_runs": 19.064581031294367,
    "xx->de/chrF": 75.4289413013988,
    "xx->de/chrF_std_dev_across_runs": 0.1284029400067297,
    "xx->de/spBLEU": 75.4167176439635,
    "xx->de/spBLEU_std_dev_across_runs": 0.8162473438927549,
    "xx->fr/chrF": 64.84594426527528,
    "xx->fr/chrF_std_dev_across_runs": 35.15405573472472,
    "xx->fr/spBLEU": 61.054590593518554,
    "xx->fr/spBLEU_std_dev_across_runs": 38.94540940648149,
    "xx->xx/chrF": 70.13744278333704,
    "xx->xx/chrF_std_dev_across_runs": 17.64122933736573,
    "xx->xx/spBLEU": 68.23565411874102,
    "xx->xx/spBLEU_std_dev_across_runs": 19.064581031294367,
  };

  test("every key, and COMET's mean x 100 where rows carry it", async () => {
    const res = await client(server, serverEnv("wmt_translation", { INSTANCE_CONFIG: withModel(unigramB64) })).post("/aggregate_metrics", { verify_responses: ROLLOUTS });
    expect(res.status).toBe(200);
    const metrics = res.body.agent_metrics as Record<string, number>;
    for (const [key, value] of Object.entries(SACREBLEU)) expect(metrics[key], key).toBeCloseTo(value, 10);
    // COMET: en->de has one scored row per k (50, 70); en->fr none, so the aggregates over both pairs have none.
    expect(metrics["en->de/comet"]).toBeCloseTo(60, 10);
    expect(metrics["en->de/comet_std_dev_across_runs"]).toBeCloseTo(10, 10);
    expect(metrics).not.toHaveProperty("en->fr/comet");
    expect(metrics).not.toHaveProperty("xx->xx/comet");
    expect(metrics["xx->de/comet"]).toBeCloseTo(60, 10);
    // NeMo's headline: the global and English-source aggregates that exist.
    expect(Object.keys(res.body.key_metrics)).toEqual(["xx->xx/chrF", "xx->xx/spBLEU", "en->xx/chrF", "en->xx/spBLEU"]);
  });

  test("without the model: the chrF keys alone", async () => {
    const res = await client(server, serverEnv("wmt_translation", { INSTANCE_CONFIG: {} })).post("/aggregate_metrics", { verify_responses: ROLLOUTS });
    const metrics = res.body.agent_metrics as Record<string, number>;
    expect(metrics["xx->xx/chrF"]).toBeCloseTo(SACREBLEU["xx->xx/chrF"]!, 10);
    expect(Object.keys(metrics).filter((k) => k.includes("spBLEU"))).toEqual([]);
  });
});

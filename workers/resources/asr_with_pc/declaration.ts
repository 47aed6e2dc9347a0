// asr_with_pc: a resources server, stateless (no session objects). The audio rides to the model in
// responses_create_params.metadata (audio_url or audio_data, a data: URI); this server reads only
// the transcript the model wrote.
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

/** What a row is scored on: the full PC family, standard WER, speaking rate, or WER against extra references. */
export const TaskType = z.enum(["ASR-PC", "ASR", "Hallucination", "ASR_LEADERBOARD"]);
export type TaskType = z.infer<typeof TaskType>;

export const AsrWithPcConfig = ResourcesServerConfig.safeExtend({
  /** The scoring every row gets unless it names its own task_type. */
  task_type: TaskType.default("ASR-PC"),
});

/** The task fields of a row this server reads (the reference's request fields; unset ones echo as null, as there). */
export const Task = z.object({
  /** The reference transcript, with its punctuation and capitalisation. */
  expected_answer: z.string().default(""),
  sample_id: z.string().nullable().default(null),
  split: z.string().nullable().default(null),
  task_type: TaskType.nullable().default(null),
  /** Seconds of audio, for the Hallucination speaking-rate check. */
  audio_duration: z.number().nullable().default(null),
  /** ASR_LEADERBOARD: row fields holding further references (text_tn -> wer_tn, is_correct_tn). */
  reference_fields: z.array(z.string()).nullable().default(null),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "transcripts against `expected_answer` (the model hears the row's `metadata.audio_url` / `audio_data` clip; the transcript is the reply's output texts joined and stripped), by `task_type` (the row's, else the server's, `ASR-PC` by default): `ASR-PC` gives `wer` (on Whisper-normalised text: whisper_normalizer 0.1.15's English normaliser, numbers as digits, British spellings American), `wer_c` (case kept, marks removed), `wer_pc` (words and each mark as tokens) and `per` (the punctuation marks' error rate over the reference DP's own tie-broken path), with `text`, `pred_text`, `ref_pc_tok`, `hyp_pc_tok`, `ref_c`, `hyp_c`, correct when `wer_pc` < 0.5; `ASR` standard WER only (an empty normalised reference scores 0, an empty transcript reads \"empty\"); `ASR_LEADERBOARD` adds `wer_<suffix>` / `is_correct_<suffix>` per row field `reference_fields` names (a missing one is a 400); `Hallucination` flags over 1500 characters per minute of `audio_duration`. WERs as jiwer 4 computes them (an empty reference gives the insertion count); metrics add corpus WER and the PC means per k, headlined `wer`, `wer_c`, `wer_pc`, `per`",
  reward: "0/1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, config: AsrWithPcConfig, stateful: false });

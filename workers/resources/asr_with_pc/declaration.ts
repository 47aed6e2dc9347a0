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

export default resourcesServer({ task: Task, config: AsrWithPcConfig, stateful: false });

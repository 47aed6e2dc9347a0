// The gold answer of each task, and which scorer grades it. NeMo's rows carry structured golds as
// JSON text (so `answer` stays one scalar field) and plain golds as JSON strings; a string that is
// not JSON is the gold itself. A gold of the wrong shape for its task is a bad row.
import { z } from "../../../shared/zod.ts";

const Text = z.string();
/** lang-detect: one language name, or several accepted spellings ("Chinese", "中文"). */
const Language = z.union([z.string(), z.array(z.string())]);
const TensorTrust = z.looseObject({
  access_code: z.string().optional(),
  /** 1: the attempt carries the access code, so the reply must grant access; otherwise it must not. */
  label: z.number().nullish(),
  system_prompt: z.string().nullish(),
});
const Webpage = z.discriminatedUnion("task", [
  z.looseObject({ task: z.literal("verb_extract"), content: Text }),
  z.looseObject({ task: z.literal("translation"), content: Text }),
  z.looseObject({ task: z.literal("lang_detect"), content: Language }),
]);
const Rules = z.looseObject({
  instruction_id_list: z.array(z.string()).min(1),
  kwargs: z.array(z.record(z.string(), z.unknown()).nullable()).default([]),
});

export const ANSWERS = {
  "verb-extract": Text,
  translation: Text,
  "get-webpage": Webpage,
  "lang-detect": Language,
  "system-prompt-extract": TensorTrust,
  "user-prompt-hijack": TensorTrust,
  "slack-user": Text,
  "single-turn": Rules,
  "multi-turn": Rules,
};

export type TaskName = keyof typeof ANSWERS;
export type Answer<T extends TaskName> = z.infer<(typeof ANSWERS)[T]>;
export type Webpage = z.infer<typeof Webpage>;
export type TensorTrust = z.infer<typeof TensorTrust>;
export type Rules = z.infer<typeof Rules>;

export const isTaskName = (task: string): task is TaskName => Object.hasOwn(ANSWERS, task);

/** The gold as sent, JSON-decoded when it is JSON text. */
export function decodeAnswer(answer: unknown): unknown {
  if (typeof answer !== "string") return answer;
  try {
    return JSON.parse(answer);
  } catch {
    return answer;
  }
}

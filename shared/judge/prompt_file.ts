// A judge prompt kept in a YAML prompt file as NeMo Gym's prompt system keeps it (its `fill_prompt`):
// a `user` template and an optional `system` one, each a Python format string filled with the row's
// values; the messages go system first, then user.
import { ResourcesServerConfig, ServerRef } from "../schemas/config.ts";
import { z } from "../zod.ts";
import { INLINED_FILES, InlinedFiles, inlinedFile, promptText } from "./files.ts";
import { JudgeCallSettings } from "./settings.ts";
import type { JudgeMessage } from "./call.ts";
import { formatTemplate } from "./template.ts";

export function promptFileMessages(config: { [INLINED_FILES]: Record<string, unknown> }, path: string, values: Readonly<Record<string, string>>): JudgeMessage[] {
  const file = inlinedFile(config, path);
  const hasSystem = typeof file === "object" && file !== null && (file as Record<string, unknown>).system !== undefined;
  return [
    ...(hasSystem ? [{ role: "system" as const, content: formatTemplate(promptText(file, "system", path), values) }] : []),
    { role: "user", content: formatTemplate(promptText(file, "user", path), values) },
  ];
}

/** The config of a server whose judge prompt is one such file (simpleqa's, omniscience's): its judge, the call settings, the file. */
export const PromptFileJudgeConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef,
  ...JudgeCallSettings,
  ...InlinedFiles,
  /** A YAML file holding the judge prompt under `user`, with {question}, {expected_answer} and {generation}. */
  judge_prompt_path: z.string().default("prompts/judge.yaml"),
});

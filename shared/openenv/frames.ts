// OpenEnv's WebSocket frames (its env server's /ws: reset, step, state, close, mcp), as its
// Python client EnvClient sends and reads them. Every frame is `{"type", "data"}`; an answer to
// reset or step is an "observation" frame whose data is `{observation, reward, done}`, to state a
// "state" frame (`episode_id`, `step_count`), and anything refused an "error" frame whose data is
// `{message, code}` (plus `errors`, pydantic's list, for a message that does not validate).
import { z } from "../zod.ts";
import { ResponseObject } from "../schemas/responses.ts";
import { RunRequest } from "../schemas/run.ts";
import type { ResetResponse, StepResponse } from "../schemas/episode.ts";
import type { Issue } from "../server/errors.ts";

/** OpenEnv's error codes (its WSErrorCode), the ones a frame of ours can earn. */
export type ErrorCode = "INVALID_JSON" | "UNKNOWN_TYPE" | "VALIDATION_ERROR" | "EXECUTION_ERROR";

// OpenEnv's messages forbid unknown fields; `data` is free-form, checked below per type.
const Data = z.record(z.string(), z.unknown());
export const ResetFrame = z.strictObject({ type: z.literal("reset"), data: Data.default({}) });
export const StepFrame = z.strictObject({ type: z.literal("step"), data: Data });
export const StateFrame = z.strictObject({ type: z.literal("state") });
export const CloseFrame = z.strictObject({ type: z.literal("close") });
export const McpFrame = z.strictObject({ type: z.literal("mcp"), data: Data });
export const FRAMES = { reset: ResetFrame, step: StepFrame, state: StateFrame, close: CloseFrame, mcp: McpFrame } as const;

/**
 * reset's data: the task row (NeMo Gym's, e.g. `{"seed": 7}` or a dataset line), OpenEnv's own
 * `episode_id` beside it. An empty reset is an empty row, which every episode server accepts.
 */
export const ResetData = RunRequest.safeExtend({ episode_id: z.string().max(255).nullish() });

/**
 * step's data, the action: the model's turn as text (`message`, as OpenEnv's text environments
 * take it) or as a whole Responses object (`response`, as NeMo Gym's /step takes it).
 */
export const StepAction = z.union([
  z.strictObject({ message: z.string(), metadata: Data.optional() }),
  z.strictObject({ response: ResponseObject, metadata: Data.optional() }),
]);
export type StepAction = z.infer<typeof StepAction>;

/** The Responses object a text action stands for: one assistant message. */
export function actionResponse(action: StepAction): ResponseObject {
  if ("response" in action) return action.response;
  const content = [{ type: "output_text" as const, text: action.message, annotations: [] }];
  return { id: "openenv-step", output: [{ type: "message", role: "assistant", status: "completed", content }] } as ResponseObject;
}

export type Frame = { type: "observation" | "state" | "mcp"; data: Record<string, unknown> } | { type: "error"; data: Record<string, unknown> };

/** reset's answer: the first observation, no reward yet, not done. */
export const resetFrame = (answer: ResetResponse): Frame => ({
  type: "observation",
  data: { observation: { text: answer.observation ?? null, info: answer.info }, reward: null, done: false },
});

/** step's answer: done when the episode ended either way; `truncated` tells which. */
export const stepFrame = (answer: StepResponse): Frame => ({
  type: "observation",
  data: {
    observation: { text: answer.observation ?? null, info: answer.info, terminated: answer.terminated, truncated: answer.truncated },
    reward: answer.reward,
    done: answer.terminated || answer.truncated,
  },
});

export const errorFrame = (code: ErrorCode, message: string, issues?: Issue[]): Frame => ({
  type: "error",
  data: { message, code, ...(issues ? { errors: issues.map(pydanticError) } : {}) },
});

// pydantic's error entry (what OpenEnv's `errors` lists): `loc` the field's path, `msg` what was expected.
function pydanticError(issue: Issue): { type: string; loc: (string | number)[]; msg: string } {
  const loc = issue.path === "(body)" ? [] : issue.path.split(/\.|\[(\d+)\]/).filter(Boolean).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  return { type: "value_error", loc, msg: issue.message };
}

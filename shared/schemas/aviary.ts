// The aviary protocol (NeMo Gym's aviary resources servers and aviary_agent): /seed_session starts
// an environment for a row's task_idx and answers its id, first observations and tools; /step
// applies one model turn's function calls; /close ends the environment; /verify scores the
// response by the rewards its steps earned. Shared by the resources server and its agent.
import { z } from "../zod.ts";
import { FunctionCallItem, Item, ResponseObject } from "./responses.ts";
import { RunRequest } from "./run.ts";

/** The row's task: which environment of the server's dataset to start. */
export const AviaryTask = z.object({ task_idx: z.number().int().min(0) });

/** A tool as the Responses API takes it (strict function parameters). */
export const FunctionTool = z.looseObject({ type: z.literal("function"), name: z.string(), parameters: z.record(z.string(), z.unknown()), strict: z.boolean(), description: z.string() });
export type FunctionTool = z.infer<typeof FunctionTool>;

export const AviarySeedResponse = z.object({ env_id: z.string(), obs: z.array(Item).min(1), tools: z.array(FunctionTool) });
export type AviarySeedResponse = z.infer<typeof AviarySeedResponse>;

export const AviaryStepRequest = z.object({ env_id: z.string(), action: z.array(FunctionCallItem) });
export type AviaryStepRequest = z.infer<typeof AviaryStepRequest>;

export const AviaryStepResponse = z.object({ obs: z.array(Item), reward: z.number(), done: z.boolean() });
export type AviaryStepResponse = z.infer<typeof AviaryStepResponse>;

export const AviaryCloseRequest = z.object({ env_id: z.string() });
export const AviaryCloseResponse = z.object({ message: z.string(), success: z.boolean() });
export type AviaryCloseResponse = z.infer<typeof AviaryCloseResponse>;

/**
 * The agent's response: the last model call's, with the environment's id, the task as `group_id`,
 * and `output` either one input snapshot per step (`contains_transitions`) or the flat trajectory.
 */
export const AviaryResponse = ResponseObject.extend({
  env_id: z.string(),
  group_id: z.string(),
  contains_transitions: z.boolean(),
  output: z.union([z.array(Item), z.array(z.array(Item))]),
});
export type AviaryResponse = z.infer<typeof AviaryResponse>;

export const AviaryVerifyRequest = RunRequest.safeExtend({ ...AviaryTask.shape, response: AviaryResponse });
export type AviaryVerifyRequest = z.infer<typeof AviaryVerifyRequest>;

export const AviaryVerifyResponse = AviaryVerifyRequest.safeExtend({ reward: z.number() });
export type AviaryVerifyResponse = z.infer<typeof AviaryVerifyResponse>;

// The one way a resources server asks its judge model: through the configured model server, over
// /v1/responses or /v1/chat/completions as its config says, with the config's sampling parameters,
// a deadline per attempt, bounded retries with backoff, and a cap on calls in flight per judge.
// A judge that cannot be reached, answers an error, runs past its deadline or (where the server
// says so) gives no verdict it can read is a VerifierFailure `judge_failed`: an infrastructure
// failure the row is routed with, never a reward. Every call is recorded as NeMo Gym records it
// in `judge_evaluations`: what the judge was asked and what it answered.
import { Semaphore } from "../agents/run_limits.ts";
import { call } from "../client/call.ts";
import { targetFor } from "../client/targets.ts";
import { ENVIRONMENT_HEADER, JUDGE_SUFFIX } from "../fleet/headers.ts";
import { VerifierFailure } from "../resources/failure.ts";
import { ChatCompletion } from "../schemas/chat.ts";
import type { ServerRef } from "../schemas/config.ts";
import { ResponseObject } from "../schemas/responses.ts";
import { HttpError } from "../server/errors.ts";
import { lastAssistantMessage, assistantText } from "../verifiers/assistant_text.ts";
import type { JudgeCallSettings } from "./settings.ts";

export const JUDGE_FAILED = "judge_failed";

/** One judge call as NeMo Gym records it in `judge_evaluations`. */
export interface JudgeEvaluation {
  responses_create_params: Record<string, unknown>;
  response: unknown;
  [field: string]: unknown;
}

export interface JudgeMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface JudgeQuestion<T> {
  /** The prompt, in order (a system message first where the server has one). */
  messages: readonly JudgeMessage[];
  /**
   * The verdict read from the judge's text. `undefined` means no verdict could be read, which is a
   * judge failure (asked again, then judge_failed); a server whose reference scores an unreadable
   * reply instead returns that score here and says so in its verify fields.
   */
  read(text: string): T | undefined;
  /** Create params of this question's own, over the config's (a per-row max_tokens, a seed). */
  params?: Record<string, unknown>;
}

export interface JudgeAnswer<T> {
  verdict: T;
  /** The judge's reply text the verdict was read from. */
  text: string;
  evaluation: JudgeEvaluation;
}

export interface Judge {
  ref: ServerRef;
  settings: JudgeCallSettings;
  /** The environment (the server's implementation) the judge works for: the emulator plays that server's judge. */
  environment: string;
}

const BACKOFF_BASE_MS = 200;
const BACKOFF_CAP_MS = 4000;

// One per judge model server in this isolate: the cap holds across every row the isolate verifies.
const caps = new Map<string, Semaphore>();
function capFor(judge: Judge): Semaphore {
  const key = `${judge.ref.name}#${judge.settings.judge_max_concurrency}`;
  let cap = caps.get(key);
  if (!cap) caps.set(key, (cap = new Semaphore(judge.settings.judge_max_concurrency)));
  return cap;
}

/** The config's Responses create params as chat completion params, named as NeMo's servers map them. */
export function chatParams(params: Record<string, unknown>): Record<string, unknown> {
  const { input: _input, max_output_tokens, instructions: _instructions, text: _text, reasoning: _reasoning, ...rest } = params;
  return { ...rest, ...(max_output_tokens !== undefined ? { max_tokens: max_output_tokens } : {}) };
}

function requestOf(judge: Judge, question: JudgeQuestion<unknown>): { path: string; body: Record<string, unknown> } {
  const { input: _placeholder, ...params } = { ...judge.settings.judge_responses_create_params, ...question.params };
  if (judge.settings.use_chat_completions_for_judge) {
    return { path: "/v1/chat/completions", body: { ...chatParams(params), messages: question.messages.map((m) => ({ role: m.role, content: m.content })) } };
  }
  return { path: "/v1/responses", body: { ...params, input: question.messages.map((m) => ({ role: m.role, type: "message", content: m.content })) } };
}

/** The judge's text: the last assistant message of a Responses object, or the first choice's content. */
function replyText(path: string, body: unknown, hop: string): string {
  if (path === "/v1/chat/completions") {
    const parsed = ChatCompletion.safeParse(body);
    if (!parsed.success) throw new Retry(`${hop} answered 200 with a body that is not a chat completion`);
    const content = parsed.data.choices[0]!.message.content;
    return typeof content === "string" ? content.trim() : "";
  }
  const parsed = ResponseObject.safeParse(body);
  if (!parsed.success) throw new Retry(`${hop} answered 200 with a body that is not a Responses object`);
  const last = lastAssistantMessage(parsed.data.output);
  return last ? assistantText([last]) : "";
}

/** A failed attempt worth another. */
class Retry extends Error {}

async function attempt<T>(judge: Judge, question: JudgeQuestion<T>, env: object): Promise<JudgeAnswer<T>> {
  const { path, body } = requestOf(judge, question);
  const hop = `${judge.ref.name}${path}`;
  // Outside the try: a missing binding is a misconfiguration (500), not a judge that failed.
  const target = targetFor(env, judge.ref);
  let response: unknown;
  try {
    const result = await capFor(judge).run(() =>
      call(target, path, { body, deadlineMs: judge.settings.judge_timeout_s * 1000, attempts: 1, headers: { [ENVIRONMENT_HEADER]: `${judge.environment}${JUDGE_SUFFIX}` } }),
    );
    if (result.status !== 200) {
      const message = `${hop} answered ${result.status}: ${result.text.slice(0, 300)}`;
      // A 4xx other than 408/429 is the request itself refused (a bad parameter): asking again cannot help.
      if (result.status >= 400 && result.status < 500 && result.status !== 408 && result.status !== 429) throw new VerifierFailure(JUDGE_FAILED, message);
      throw new Retry(message);
    }
    response = JSON.parse(result.text);
  } catch (err) {
    if (err instanceof VerifierFailure || err instanceof Retry) throw err;
    if (err instanceof HttpError || err instanceof SyntaxError) throw new Retry(`${hop}: ${err.message}`);
    throw err;
  }
  const text = replyText(path, response, hop);
  if (text === "") throw new Retry(`${hop}: the judge's reply has no text`);
  const verdict = question.read(text);
  if (verdict === undefined) throw new Retry(`${hop}: no verdict could be read from the judge's reply: ${JSON.stringify(text.slice(-300))}`);
  return { verdict, text, evaluation: { responses_create_params: body, response } };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks one judge question, retried up to judge_max_attempts; a judge that keeps failing is judge_failed. */
export async function askJudge<T>(env: object, judge: Judge, question: JudgeQuestion<T>): Promise<JudgeAnswer<T>> {
  const attempts = judge.settings.judge_max_attempts;
  let last = "";
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await pause(Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** i));
    try {
      return await attempt(judge, question, env);
    } catch (err) {
      if (!(err instanceof Retry)) throw err;
      last = err.message;
    }
  }
  throw new VerifierFailure(JUDGE_FAILED, `${last} (after ${attempts} attempt${attempts === 1 ? "" : "s"})`);
}

/** Several questions about one row, asked at once (as the reference does), answers in the questions' order. */
export function askJudgeAll<T>(env: object, judge: Judge, questions: readonly JudgeQuestion<T>[]): Promise<JudgeAnswer<T>[]> {
  return Promise.all(questions.map((question) => askJudge(env, judge, question)));
}

// genrm cohorts: a second token holder (`rival`) and a trainer's own retries against genrm_compare's
// cohort-based /verify (cohorts of 3: cohorts.yaml). The trainer's answers are alike ("Paris.",
// rated the same by the emulated GenRM, whichever way it errs), so its cohort alone gives each
// exactly 4: any other reward is one a foreign rollout changed, and a trainer's rollout that ends
// without a reward is a dropped sample. Variations: the rival joining first (with the same row, with
// instructions of its own, with a row and headers naming the trainer, with two rollouts), a whole
// rival cohort gathering alongside, the trainer's rollout index sent twice (same response, another
// response), a new cohort gathering across a completed one's deadline; and the same through the
// agent's /run, where the caller is the one the agent authenticated (there the policy writes the
// answers, so the check is that the trainer's three were scored as one cohort of their own).
import { randomUUID } from "node:crypto";
import { ROLLOUT_INDEX_KEY, TASK_INDEX_KEY } from "../../../shared/schemas/run.ts";
import type { Attack, AttackContext, AttackResult } from "./attack.ts";

const ENVIRONMENT = "genrm_cohorts";
const AGENT = "genrm_cohorts_agent";
/** Each of three alike answers' reward in a cohort of their own (4 each, ties broken both ways round). */
const ALONE = 4;
const ANSWER = "Paris.";
const NON_ANSWER = "I don't know.";
/** cohorts.yaml's cohort_timeout_s, in ms: a stranded rollout ends by then. */
const GATHER_MS = 5000;
const DEADLINE_MS = 20_000;
/** Lets a request reach its cohort before the next one is sent. */
const ARRIVE_MS = 300;

type Row = Record<string, unknown>;
type Answer = { status: number; body: Record<string, any> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const prompt = (): Row => ({ input: `What is the capital of France? (${randomUUID()})`, instructions: "Answer in one word." });
const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });
const rowOf = (params: Row, rollout: number, text: string, extra: Row = {}): Row => ({
  responses_create_params: params,
  [TASK_INDEX_KEY]: 0,
  [ROLLOUT_INDEX_KEY]: rollout,
  response: { id: `resp_${randomUUID()}`, object: "response", output: [message(text)] },
  ...extra,
});

class Tally {
  attempts = 0;
  rewards_changed = 0;
  samples_dropped = 0;
  rival_scored_with_trainer = 0;
  rival_read_statistics = 0;

  readonly #context: AttackContext;

  constructor(context: AttackContext) {
    this.#context = context;
  }

  async post(worker: string, path: string, caller: string, body: Row, headers: Record<string, string> = {}): Promise<Answer> {
    this.attempts++;
    try {
      const res = await fetch(`${this.#context.url(worker)}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${this.#context.tokens[caller]}`, "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(DEADLINE_MS),
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    } catch {
      return { status: 0, body: {} };
    }
  }

  verify(caller: string, row: Row, headers?: Record<string, string>): Promise<Answer> {
    return this.post(ENVIRONMENT, "/verify", caller, row, headers);
  }

  /** A trainer's rollout: it must have a reward. */
  scored(answer: Answer): boolean {
    const ok = answer.status === 200 && typeof answer.body.reward === "number";
    if (!ok) this.samples_dropped++;
    return ok;
  }

  /** A trainer's rollout: its reward must be `expected`, and it must have one. */
  expect(answer: Answer, expected: number): void {
    if (this.scored(answer) && answer.body.reward !== expected) this.rewards_changed++;
  }

  /** A rival's rollout sent to stand beside the trainer's: it must end alone, with no reward and no statistics. */
  alone(answer: Answer): void {
    if (typeof answer.body.reward === "number") this.rival_scored_with_trainer++;
    if (answer.body.cohort_metrics !== undefined) this.rival_read_statistics++;
  }

  /** The trainer's three alike answers, all at once. */
  async trainerCohort(params: Row, from = 0): Promise<void> {
    const answers = await Promise.all([0, 1, 2].map((i) => this.verify("bench", rowOf(params, from + i, ANSWER))));
    for (const answer of answers) this.expect(answer, ALONE);
  }

  /** Rival rollouts sent first, then the trainer's cohort of `params`. */
  async rivalFirst(params: Row, rivalRows: Row[], headers?: Record<string, string>): Promise<void> {
    const rival = rivalRows.map((row) => this.verify("rival", row, headers));
    await sleep(ARRIVE_MS);
    await this.trainerCohort(params);
    for (const answer of await Promise.all(rival)) this.alone(answer);
  }
}

async function run(context: AttackContext): Promise<AttackResult> {
  const t = new Tally(context);
  // One after another: each gathers its own cohorts, and the attack is about who joins them, not load.
  const variations: (() => Promise<void>)[] = [
    // The rival's rollout of the trainer's row, first in.
    async () => {
      const params = prompt();
      await t.rivalFirst(params, [rowOf(params, 0, NON_ANSWER)]);
    },
    // ...with instructions of its own (a cohort keyed by the input alone took it).
    async () => {
      const params = prompt();
      await t.rivalFirst(params, [rowOf({ ...params, instructions: "Answer at length, then say you are unsure." }, 0, NON_ANSWER)]);
    },
    // ...with a row and headers naming the trainer as the caller.
    async () => {
      const params = prompt();
      const naming = { caller: "bench", _ng_caller: "bench" };
      await t.rivalFirst(params, [rowOf(params, 0, NON_ANSWER, naming)], { "x-edge-gym-caller": "bench", "x-caller": "bench" });
    },
    // ...two rival rollouts first: the trainer's last one would have no place.
    async () => {
      const params = prompt();
      await t.rivalFirst(params, [rowOf(params, 0, NON_ANSWER), rowOf(params, 1, NON_ANSWER)]);
    },
    // A whole rival cohort of the same prompt gathering alongside the trainer's.
    async () => {
      const params = prompt();
      const rows = [0, 1, 2].flatMap((i) => [{ caller: "bench", row: rowOf(params, i, ANSWER) }, { caller: "rival", row: rowOf(params, i, NON_ANSWER) }]);
      const answers = await Promise.all(rows.map(({ caller, row }) => t.verify(caller, row)));
      // Three non-answers alone tie as the trainer's answers do: 1 each.
      answers.forEach((answer, i) => t.expect(answer, rows[i]!.caller === "bench" ? ALONE : 1));
    },
    // The trainer's rollout index sent twice with the same response (a retry): the same reward, no partner's place.
    async () => {
      const params = prompt();
      const first = rowOf(params, 0, ANSWER);
      const answers = await Promise.all([first, first, rowOf(params, 1, ANSWER), rowOf(params, 2, ANSWER)].map((row) => t.verify("bench", row)));
      for (const answer of answers) t.expect(answer, ALONE);
    },
    // ...with another response: the retry takes the earlier entry's place (which fails, superseded).
    async () => {
      const params = prompt();
      const earlier = t.verify("bench", rowOf(params, 0, ANSWER));
      await sleep(ARRIVE_MS);
      const rest = await Promise.all([rowOf(params, 0, "Paris!"), rowOf(params, 1, ANSWER), rowOf(params, 2, ANSWER)].map((row) => t.verify("bench", row)));
      for (const answer of rest) t.expect(answer, ALONE);
      const superseded = await earlier;
      if (typeof superseded.body.reward === "number" && superseded.body.reward !== ALONE) t.rewards_changed++;
    },
    // A cohort gathering across a completed cohort's first member's deadline completes on its own.
    async () => {
      const params = prompt();
      const firstIn = t.verify("bench", rowOf(params, 0, ANSWER));
      await sleep(GATHER_MS / 2);
      const completing = Promise.all([1, 2].map((i) => t.verify("bench", rowOf(params, i, ANSWER))));
      await sleep(ARRIVE_MS);
      const next = t.verify("bench", rowOf(params, 3, ANSWER));
      await sleep(GATHER_MS / 2 + ARRIVE_MS);
      const rest = await Promise.all([4, 5].map((i) => t.verify("bench", rowOf(params, i, ANSWER))));
      for (const answer of [await firstIn, ...(await completing), await next, ...rest]) t.expect(answer, ALONE);
    },
    // One answer longer than genrm_max_answer_chars (42,000 characters against cohorts.yaml's 20,000), cut before the GenRM sees it: its cohort is still scored, every member.
    async () => {
      const params = prompt();
      const answers = await Promise.all([rowOf(params, 0, "Paris. ".repeat(6_000)), rowOf(params, 1, ANSWER), rowOf(params, 2, ANSWER)].map((row) => t.verify("bench", row)));
      for (const answer of answers) t.scored(answer);
    },
    // Through the agent: the rival's /run first (naming the trainer in its row), then the trainer's.
    async () => {
      const row = { responses_create_params: prompt(), [TASK_INDEX_KEY]: 0 };
      const rival = t.post(AGENT, "/run", "rival", { ...row, [ROLLOUT_INDEX_KEY]: 0, caller: "bench" });
      await sleep(ARRIVE_MS * 2);
      const answers = await Promise.all([0, 1, 2].map((i) => t.post(AGENT, "/run", "bench", { ...row, [ROLLOUT_INDEX_KEY]: i })));
      t.alone(await rival);
      // The emulated GenRM draws each verdict afresh, so these rewards cannot be known from
      // outside; what a foreign member would change is who shares the cohort. Three rollouts
      // scored as one cohort of their own share its metrics, and (every pair compared once, ties
      // shifted zero-sum) their rewards average to its mean individual score.
      if (!answers.map((answer) => t.scored(answer)).every(Boolean)) return;
      const metrics = answers.map((a) => JSON.stringify(a.body.cohort_metrics ?? null));
      const mean = answers.reduce((sum, a) => sum + (Number(a.body.reward) || 0), 0) / answers.length;
      const cohortMean = answers[0]!.body.cohort_metrics?.mean_individual_score;
      if (new Set(metrics).size !== 1 || typeof cohortMean !== "number" || Math.abs(mean - cohortMean) > 1e-9) t.rewards_changed++;
    },
  ];
  for (const variation of variations) await variation();
  const { attempts, rewards_changed, samples_dropped, rival_scored_with_trainer, rival_read_statistics } = t;
  return { attempts, rewards_changed, samples_dropped, detail: { variations: variations.length, rival_scored_with_trainer, rival_read_statistics } };
}

export const attacks: Attack[] = [{ surface: "cohorts", name: "foreign_and_repeated_cohort_members", needs: [AGENT], configs: ["scripts/bench/attacks/cohorts.yaml"], run }];

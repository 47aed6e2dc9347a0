// aviary: an aviary-style environment server (NeMo Gym's aviary, played by aviary_agent); each
// environment's state and reward so far live in the session's own SessionDO.
import { resourcesServer } from "../../../shared/declaration.ts";
import { AviaryTask } from "../../../shared/schemas/aviary.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

/** The task fields of a row this server reads: the environment's index in the dataset. */
export const Task = AviaryTask;

export const AviaryConfig = ResourcesServerConfig.safeExtend({
  /** NeMo's app file names the environment: GSM8k (calculator tool) or HotPotQA (search over the bundled passage store). */
  entrypoint: z.enum(["gsm8k_app.py", "hotpotqa_app.py"], { error: "this aviary server bundles the GSM8k and HotPotQA environments (entrypoint: gsm8k_app.py or hotpotqa_app.py)" }).default("gsm8k_app.py"),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "aviary environment server for `aviary_agent` (`/seed_session` with `task_idx`, `/step` with a turn's function calls, `/close`, `/verify`); the config's `entrypoint` picks the environment. GSM8k (`gsm8k_app.py`): the problem, then `calculator(expr)` (Python arithmetic as Python evaluates it: exact ints, `//` and `%` flooring, half-even `round`, whole floats printed as ints) and `submit_answer(answer)` (Python `float()`, right within relative 1e-4); ships task_idx 0-4 of fhaviary's train split. HotPotQA (`hotpotqa_app.py`): \"Question: ...\", then `search(entity)` (a page of the bundled passage store, no network: its first five sentences, or similar titles), `lookup(keyword)` (the page's next paragraph holding the keyword) and `submit_answer(answer)`; ships 5 two-hop questions of ours over 11 pages",
  reward: "sum of step rewards. GSM8k: submit 1 right / 0 wrong; -1 per tool failure (calculator error, non-number answer, turn with no known tool), which ends the episode. HotPotQA: submit 1 when the gold answer, SQuAD-normalised, is contained in the normalised submission, else 0; every other call 0; the episode ends on a submission or an empty search/lookup",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, config: AviaryConfig, stateful: true });

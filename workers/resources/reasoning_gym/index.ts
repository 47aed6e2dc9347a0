// reasoning-gym's tasks, scored as the library scores them: the answer is read from the reply
// (extract.ts), then the family named by the task's metadata.source_dataset scores it (families/).
// An answer that makes a family's scorer throw scores 0, as in NeMo Gym's server. A generated task
// (tasks.ts) is made at /seed_session, whose answer hands the agent its prompt, and made again at
// /verify.
import declaration from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { extractAnswer } from "./extract.ts";
import { FAMILIES } from "./families/index.ts";
import type { Entry } from "./families/family.ts";
import { entryOf, isGenerated, promptOf } from "./tasks.ts";

function scoreOf(answer: string, entry: Entry): number {
  // The schema admits only the families we have.
  const family = FAMILIES.get(entry.metadata.source_dataset)!;
  try {
    const score = family.score(answer, entry);
    return Number.isFinite(score) ? Math.min(1, Math.max(0, score)) : 0;
  } catch {
    return 0;
  }
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "extracted_answer",
  seedSession(row) {
    if (isGenerated(row)) return { input: promptOf(entryOf(row)) };
  },
  verify(body) {
    const entry = entryOf(body);
    const extracted = extractAnswer(body.response.output);
    const score = scoreOf(extracted, entry);
    const generated = isGenerated(body) ? { question: entry.question, answer: entry.answer, metadata: entry.metadata } : {};
    return { reward: score, task_name: entry.metadata.source_dataset, score, extracted_answer: extracted, ...generated };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);

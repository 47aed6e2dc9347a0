// A reply graded by a rule against expected_answer, both lower-cased with whitespace runs as one
// space and trimmed: exact (1 or 0), seq_match (difflib's SequenceMatcher ratio), or
// weighted_seq_match (0.85 of that ratio plus 0.15 of the ratio of the reply's opening to the
// answer's first 10 characters). The score is the reward and equivalence_score.
import declaration, { EquivalenceRuleConfig, type GradingRule } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { collapsePySpace, pyLen, pyPrefix, pyStrip } from "../../../shared/verifiers/python_str.ts";
import { textSimilarity } from "../../../shared/verifiers/sequence_matcher.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const normalize = (text: string) => collapsePySpace(pyStrip(text).toLowerCase());

const PREFIX_CHARS = 10;

const RULES: Record<GradingRule, (reply: string, answer: string) => number> = {
  exact: (reply, answer) => (reply === answer ? 1 : 0),
  seq_match: textSimilarity,
  weighted_seq_match: (reply, answer) => {
    const prefix = pyPrefix(answer, PREFIX_CHARS);
    const score = 0.85 * textSimilarity(reply, answer) + 0.15 * textSimilarity(pyPrefix(reply, pyLen(prefix)), prefix);
    return Math.max(0, Math.min(1, score));
  },
};

const server = defineResourcesServer({
  declaration,
  tools: {},
  verify(body, { env }) {
    const rule = instanceConfig(env, EquivalenceRuleConfig).grading_rule;
    const score = RULES[rule](normalize(joinedOutputText(body.response.output)), normalize(body.expected_answer));
    return { reward: score, equivalence_score: score };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);

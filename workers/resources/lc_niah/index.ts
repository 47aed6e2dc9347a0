// Long-context needle in a haystack over graphwalks-style tasks: the answer (every output_text
// part, joined) must end with `Final Answer: [..]`, scored as F1 against expected_answer's node
// list (quotes around the nodes dropped); the reasoning (the summaries of the reasoning items)
// should not copy the prompt. The instance picks the overlap signal that penalises copying
// (`overlap_metric_rule`, default lcs) and how it meets the F1 (`overlap_grading_rule`, default
// multiply: F1 × (1 − overlap)); all three signals are reported.
import declaration, { LcNiahConfig } from "./declaration.ts";
import { lcsOverlap, ngramOverlap, normalize, seqMatchOverlap } from "./overlap.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { expectedNodeKeys, nodeSetF1, parseNodeList } from "../../../shared/verifiers/node_list.ts";
import { pyStrip } from "../../../shared/verifiers/python_str.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import type { Item } from "../../../shared/schemas/responses.ts";

/** item.strip().strip("\"'").strip(), by index loops (a run of quotes costs linear time). */
function withoutQuotes(item: string): string {
  const text = pyStrip(item);
  let [start, end] = [0, text.length];
  while (start < end && (text[start] === '"' || text[start] === "'")) start++;
  while (end > start && (text[end - 1] === '"' || text[end - 1] === "'")) end--;
  return pyStrip(text.slice(start, end));
}

function reasoningText(output: readonly Item[]): string {
  return output.flatMap((item) => (item.type === "reasoning" ? item.summary.map((part) => part.text) : [])).join("");
}

/** The prompt as one text: a string input as it is, else every message's text, one per line. */
function inputText(input: unknown): string {
  if (typeof input === "string") return input;
  const parts: string[] = [];
  for (const item of Array.isArray(input) ? input : []) {
    const content = (item as { content?: unknown } | null)?.content;
    if (typeof content === "string") parts.push(content);
    else if (Array.isArray(content)) for (const block of content) if (typeof block?.text === "string" && block.text !== "") parts.push(block.text);
  }
  return parts.join("\n");
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  verify(body, { env }) {
    const config = instanceConfig(env, LcNiahConfig);
    const { nodes, parseFailed } = parseNodeList(joinedOutputText(body.response.output), withoutQuotes);
    const answerScore = nodeSetF1(nodes, parseFailed, expectedNodeKeys(body.expected_answer));
    const reasoning = normalize(reasoningText(body.response.output));
    const input = normalize(inputText(body.responses_create_params.input));
    const overlaps = { seq_match: seqMatchOverlap(reasoning, input), ngram16: ngramOverlap(reasoning, input, 16), lcs: lcsOverlap(reasoning, input) };
    const overlap = overlaps[config.overlap_metric_rule];
    const reward = { base: answerScore, multiply: answerScore * (1 - overlap), minus: answerScore - overlap }[config.overlap_grading_rule];
    return {
      reward,
      answer_score: answerScore,
      reasoning_overlap: overlap,
      overlap_seq_match: overlaps.seq_match,
      overlap_ngram16: overlaps.ngram16,
      overlap_lcs: overlaps.lcs,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);

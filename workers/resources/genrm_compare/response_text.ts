// What of a Responses object the comparison reads: the reasoning (its summaries) and the answer
// (the output_text of its messages). The GenRM sees only the answer; "None" stands for an empty one,
// as in the reference.
export interface ResponseText {
  reasoning: string;
  answer: string;
}

const EMPTY_ANSWER = "None";

const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter((v) => v !== null && typeof v === "object") : []);
const text = (part: Record<string, unknown>): string => (typeof part.text === "string" ? part.text : "");

export function responseText(response: Record<string, unknown>): ResponseText {
  let reasoning = "";
  let answer = "";
  for (const item of list(response.output)) {
    if (item.type === "reasoning") reasoning += list(item.summary).map(text).join("");
    else if (item.type === "message") answer += list(item.content).filter((part) => part.type === "output_text").map(text).join("");
  }
  return { reasoning, answer };
}

/**
 * An answer cut to `limit` characters (never inside a surrogate pair), with a note of how much is
 * left out: the GenRM judges an overlong answer rather than refusing the whole pair as too large.
 */
export function clipAnswer(answer: string, limit: number): string {
  if (answer.length <= limit) return answer;
  const end = /[\uD800-\uDBFF]/.test(answer[limit - 1]!) ? limit - 1 : limit;
  return `${answer.slice(0, end)}\n[... ${answer.length - end} more characters not shown]`;
}

/** The answer the GenRM is shown. */
export function answerShown(response: Record<string, unknown>): string {
  const { answer } = responseText(response);
  return answer.trim() === "" ? EMPTY_ANSWER : answer;
}

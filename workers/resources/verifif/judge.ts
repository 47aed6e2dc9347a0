// verifif's judge questions and how their replies are read, as the reference reads them: a row's
// yes/no question by its last [[YES]]/[[NO]] (else a bare YES/NO last line, else NO, flagged
// unreadable); a judged instruction by the JSON object in its reply (verdict YES|NO and a
// reasoning; anything else fails the instruction, flagged unreadable); an argument's definition by
// its JSON status. What is sent is capped, and so is what of the reply is read (the config's
// judge_max_* caps). A judge that cannot be reached is judge_failed (shared/judge/call.ts).
import type { JudgeMessage, JudgeQuestion } from "../../../shared/judge/call.ts";
import { formatTemplate } from "../../../shared/judge/template.ts";
import { withoutThinking } from "../../../shared/verifiers/thinking.ts";
import type { VerifIfConfig } from "./declaration.ts";
import { DEFINITION_PROMPT, definitionUser, INSTRUCTION_PROMPT, QUESTION_PROMPT, QUESTION_USER } from "./judge_prompt.ts";

/** A check the judge decided: its verdict, the message the reference records, and whether the reply could be read. */
export interface Judged {
  passed: boolean;
  message: string;
  readable: boolean;
}

const cap = (text: string, limit: number | null): string => (limit !== null && text.length > limit ? text.slice(0, limit) : text);

function messages(config: VerifIfConfig, system: string, user: string): JudgeMessage[] {
  return [
    { role: "system", content: cap(system, config.judge_max_system_chars) },
    { role: "user", content: cap(user, config.judge_max_user_chars) },
  ];
}

/** The reply as read: capped, its reasoning blocks out, trimmed. */
const replyOf = (config: VerifIfConfig, text: string): string => withoutThinking(cap(text, config.judge_max_output_chars));

/** The yes/no verdict of a reply: the later of the last [[YES]] and [[NO]]; else a last line that is YES or NO. */
export function readYesNo(evaluation: string): Judged {
  const yes = evaluation.lastIndexOf("[[YES]]");
  const no = evaluation.lastIndexOf("[[NO]]");
  if (yes >= 0 || no >= 0) return { passed: yes > no, message: evaluation, readable: true };
  const lastLine = evaluation.trim().split("\n").at(-1)!.trim().toUpperCase();
  if (lastLine === "YES" || lastLine === "NO") return { passed: lastLine === "YES", message: evaluation, readable: true };
  return { passed: false, message: `No [[YES]]/[[NO]] marker found in judge response: ${evaluation.slice(0, 500)}`, readable: false };
}

/** A row's yes/no question about the reply. */
export function questionAbout(config: VerifIfConfig, question: string, reply: string): JudgeQuestion<Judged> {
  return {
    messages: messages(config, formatTemplate(QUESTION_PROMPT, { question, model_response: reply }), QUESTION_USER),
    read: (text) => readYesNo(replyOf(config, text)),
  };
}

/** The JSON object of a reply: code fences off, then from its first "{" to its last "}". */
function jsonOf(evaluation: string): unknown {
  let text = evaluation;
  if (text.startsWith("```")) text = text.replace(/^```\w*\s*/, "").replace(/\s*```$/, "");
  const first = text.indexOf("{");
  const last = text.lastIndexOf("}");
  return JSON.parse(first !== -1 && last > first ? text.slice(first, last + 1) : text);
}

/** A judged instruction's verdict: {"verdict": "YES"|"NO", "reasoning": "..."}. */
export function readInstructionVerdict(evaluation: string): Judged {
  let data: unknown;
  try {
    data = jsonOf(evaluation);
  } catch (err) {
    return { passed: false, message: `Error parsing LLM Judge response: ${(err as Error).message}`, readable: false };
  }
  const object = data !== null && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  if (object && ("model_response" in object || "question" in object)) return { passed: false, message: "Judge returned input format instead of output format.", readable: false };
  if (!object || (object.verdict !== "YES" && object.verdict !== "NO") || typeof object.reasoning !== "string") {
    return { passed: false, message: "Error parsing LLM Judge response: expected a JSON object with verdict YES or NO and a reasoning string", readable: false };
  }
  return { passed: object.verdict === "YES", message: object.reasoning, readable: true };
}

export interface InstructionPrompt {
  reply: string;
  name: string;
  definition: string;
  arguments: string;
  mode: string;
}

/** A judged instruction: the prompt holds the reply, and the reply is the user message too, as in the reference. */
export function instructionQuestion(config: VerifIfConfig, p: InstructionPrompt): JudgeQuestion<Judged> {
  const system = formatTemplate(INSTRUCTION_PROMPT, { model_response: p.reply, instruction_name: p.name, instruction_definition: p.definition, instruction_arguments: p.arguments, evaluation_mode: p.mode });
  return { messages: messages(config, system, p.reply), read: (text) => readInstructionVerdict(replyOf(config, text)) };
}

/** A defined term, or why there is none (an unreadable reply defines nothing, as in the reference). */
export interface Definition {
  definition: string;
  valid: boolean;
}

export function definitionQuestion(config: VerifIfConfig, instruction: string, label: string, term: string, related: string): JudgeQuestion<Definition> {
  const system = formatTemplate(DEFINITION_PROMPT, { instruction, inst_label: label, term, context_related_terms: related });
  return {
    messages: messages(config, system, definitionUser(term)),
    read: (text) => {
      try {
        const data = jsonOf(replyOf(config, text)) as Record<string, unknown> | null;
        const definition = data && typeof data === "object" && "definition" in data ? String(data.definition) : "definition not found";
        return { definition, valid: data !== null && typeof data === "object" && data.status === "PASS" };
      } catch (err) {
        return { definition: `Error parsing definition response: ${(err as Error).message}`, valid: false };
      }
    },
  };
}

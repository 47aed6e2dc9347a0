// HumanEval-Infilling's problems (openai/human-eval-infilling, MIT), bundled for code_fim (the
// reference downloads them at start-up; a Worker cannot) and the emulator's code_fim skill: each
// split is its released gzip file, unpacked on first use and kept by the isolate.
import singleLine from "./single_line.ts";
import multiLine from "./multi_line.ts";
import randomSpan from "./random_span.ts";
import randomSpanLight from "./random_span_light.ts";

export const SPLITS = ["single_line", "multi_line", "random_span", "random_span_light"] as const;
export type Split = (typeof SPLITS)[number];

export interface Problem {
  task_id: string;
  /** The code before the gap. */
  prompt: string;
  /** The code after the gap. */
  suffix: string;
  /** What the gap held. */
  canonical_solution: string;
  /** Defines check(candidate). */
  test: string;
  entry_point: string;
}

/** Each split's released gzip file, base64. */
export const PACKED: Record<Split, string> = {
  single_line: singleLine,
  multi_line: multiLine,
  random_span: randomSpan,
  random_span_light: randomSpanLight,
};

const loaded = new Map<Split, Promise<Map<string, Problem>>>();

async function unpack(base64: string): Promise<Map<string, Problem>> {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
  const problems = new Map<string, Problem>();
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const problem = JSON.parse(line) as Problem;
    problems.set(problem.task_id, problem);
  }
  return problems;
}

/** The split's problems by task id. */
export function problemsOf(split: Split): Promise<Map<string, Problem>> {
  let problems = loaded.get(split);
  if (!problems) {
    problems = unpack(PACKED[split]);
    loaded.set(split, problems);
  }
  return problems;
}

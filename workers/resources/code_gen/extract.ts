// LiveCodeBench's extract_code (OpenAI chat style), as NeMo Gym's code_gen calls it: the lines
// between the last two lines that contain a code fence, whatever the fence's language tag.
// Fewer than two fence lines: no code ("").
export function extractCode(text: string): string {
  const lines = text.split("\n");
  const fences = lines.flatMap((line, i) => (line.includes("```") ? [i] : []));
  if (fences.length < 2) return "";
  return lines.slice(fences.at(-2)! + 1, fences.at(-1)!).join("\n");
}

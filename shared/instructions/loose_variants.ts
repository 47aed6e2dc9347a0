// IFEval's loose reading of an answer (IFBench's too): the answer itself, without its first line,
// its last line or both (a markdown header, a sign-off), each also without "*" (markdown
// emphasis). An instruction is loosely followed when any variant that is not blank follows it.
export function looseVariants(text: string): string[] {
  const lines = text.split("\n");
  const trimmed = [text, lines.slice(1).join("\n").trim(), lines.slice(0, -1).join("\n").trim(), lines.slice(1, -1).join("\n").trim()];
  const variants = trimmed.flatMap((variant) => [variant, variant.replaceAll("*", "")]).filter((variant) => variant.trim() !== "");
  return [...new Set(variants)];
}

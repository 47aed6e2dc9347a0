// Where the answer sits in a reply: the whole reply, or, when the reply does not parse as a whole,
// the last fenced block labelled with the format's name (else the last unlabelled one), as models
// often wrap it. Fences are found by one split, so the scan is linear whatever the reply holds.
const FENCE = "```";

/** The fenced blocks of a text, each with its info string (the rest of the opening line). */
function fencedBlocks(text: string): { info: string; body: string }[] {
  const parts = text.split(FENCE);
  const blocks: { info: string; body: string }[] = [];
  // Odd parts sit between an opening fence and its closing one; an unclosed last block is not one.
  for (let i = 1; i < parts.length - 1; i += 2) {
    const part = parts[i]!;
    const lineEnd = part.indexOf("\n");
    if (lineEnd === -1) continue;
    blocks.push({ info: part.slice(0, lineEnd).trim().toLowerCase(), body: part.slice(lineEnd + 1) });
  }
  return blocks;
}

export type ParsedAnswer = { ok: true; value: unknown } | { ok: false; message: string };

function attempt(text: string, parse: (text: string) => unknown): ParsedAnswer {
  try {
    return { ok: true, value: parse(text) };
  } catch (err) {
    return { ok: false, message: `${(err as Error).name}: ${(err as Error).message}` };
  }
}

/** The parsed answer, or why there is none: the chosen block's parse error, else the whole reply's. */
export function fencedAnswer(text: string, labels: readonly string[], parse: (text: string) => unknown): ParsedAnswer {
  const whole = attempt(text, parse);
  if (whole.ok) return whole;
  const blocks = fencedBlocks(text);
  const block = blocks.findLast((b) => labels.includes(b.info)) ?? blocks.findLast((b) => b.info === "");
  return block ? attempt(block.body, parse) : whole;
}

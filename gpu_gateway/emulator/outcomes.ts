// Whether the policy plays a conversation right, drawn once per first turn. The draw is keyed by the
// prompt and by how many times this process has seen that prompt, so n repeats of a task give the
// same multiset of outcomes whatever order they arrive in.
import { createHash } from "node:crypto";
import { uniform } from "./mix.ts";

export type DrawOutcome = (prompt: string) => boolean;

export function outcomeDrawer(seed: number, pCorrect: number): DrawOutcome {
  const seen = new Map<string, number>();
  return (prompt) => {
    const digest = createHash("sha256").update(prompt).digest();
    const key = digest.toString("base64");
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return uniform(seed, digest.readUInt32LE(0), digest.readUInt32LE(4), occurrence) < pCorrect;
  };
}

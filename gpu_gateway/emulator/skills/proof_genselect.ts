// proof_genselect: a prompt shows two proofs under [Proof 1] and [Proof 2] and asks for the better
// one as <best_solution>N</best_solution>. The skill tells them apart only when exactly one of
// them deals with a counterexample (rules one out, or finds one that shows the statement false as
// written): that one is taken as the more careful. The wrong path picks the other; with no such
// cue it declines.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

/** The text between a section's `[Name]` header and the next section header. */
function section(prompt: string, name: string, next: string): string {
  const at = prompt.indexOf(`[${name}]`);
  if (at === -1) return "";
  const end = prompt.indexOf(`[${next}]`, at);
  return prompt.slice(at, end === -1 ? undefined : end);
}

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const careful = [section(prompt, "Proof 1", "Proof 2"), section(prompt, "Proof 2", "Format")].map((proof) => /counterexample/i.test(proof));
  if (careful[0] === careful[1]) return decline("I cannot tell which of the two proofs is better.");
  const better = careful[0] ? 1 : 2;
  const chosen = correct ? better : 3 - better;
  return say(`<analysis>Solution ${chosen} deals with the possibility of a counterexample; solution ${3 - chosen} does not.</analysis>\n<best_solution>${chosen}</best_solution>`);
}

export default { play } satisfies Skill;

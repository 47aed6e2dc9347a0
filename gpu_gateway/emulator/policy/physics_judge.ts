// Playing the physics servers (physics_judge, ugphysics_judge): the policy answers the bundled
// questions it recognises with the answer boxed in another form than the expected one (so the
// symbolic check must see through notation), or a plausible slip on the wrong path; its judges
// compare the student's final \boxed{} answer with the reference one symbolically and give the
// true verdict when `correct`, the opposite otherwise.
import { mathEquivalent } from "../../../shared/verifiers/math/equivalent.ts";
import { finalAnswer } from "../../../shared/verifiers/math/extract.ts";
import { lastUserText } from "./conversation.ts";
import { decline, say, type Action, type Situation } from "./types.ts";

export interface PhysicsTask {
  recognise: RegExp;
  working: string;
  right: string;
  /** A typical slip: a cosine for a sine, the inner radius for the outer one, a missing square root. */
  wrong: string;
}

/** The policy's reply to a bundled question, ending as `ending` says with the boxed answer. */
export function answerPhysics(tasks: readonly PhysicsTask[], { turns, correct }: Situation, ending: (boxed: string) => string): Action {
  const prompt = lastUserText(turns);
  const task = tasks.find((t) => t.recognise.test(prompt));
  if (!task) return decline("I cannot work this problem out.");
  return say(`${task.working}\n\n${ending(`\\boxed{${correct ? task.right : task.wrong}}`)}`);
}

/** Whether the student's final answer (the last \boxed{} in `generation`) states the reference answer. */
export function sameAnswer(reference: string, generation: string): boolean {
  const student = finalAnswer(generation);
  const expected = finalAnswer(reference) ?? reference.trim();
  return student !== undefined && student.trim() !== "" && mathEquivalent(expected, student).equal;
}

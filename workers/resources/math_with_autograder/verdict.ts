// The autograder's verdict as NeMo Gym reads it: whichever of \boxed{Correct} and
// \boxed{Incorrect} the reply writes FIRST; a reply with neither is "incorrect" (never a failure).
export const CORRECT_LABEL = "\\boxed{Correct}";
export const INCORRECT_LABEL = "\\boxed{Incorrect}";

export function readAutograde(text: string): boolean {
  const correct = text.indexOf(CORRECT_LABEL);
  const incorrect = text.indexOf(INCORRECT_LABEL);
  if (correct === -1) return false;
  return incorrect === -1 || correct < incorrect;
}

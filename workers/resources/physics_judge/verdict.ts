// The physics judge's verdict as the reference reads it: a `[Correct]` anywhere in the reply (any
// case) passes; anything else, `[Incorrect]` or no token at all, fails. `[Incorrect]` does not
// contain `[Correct]`, so a reply that names both passes.
export const saysCorrect = (text: string): boolean => /\[correct\]/i.test(text);

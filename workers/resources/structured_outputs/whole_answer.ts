// The answer is the whole reply, parsed as it is: the reference parses the joined output text with
// its format's parser and nothing taken off, so an answer wrapped in a fence or in prose does not
// parse, and scores 0 as it does there.
export type ParsedAnswer = { ok: true; value: unknown } | { ok: false; message: string };

/** The parsed reply, or the parser's error. */
export function wholeAnswer(text: string, parse: (text: string) => unknown): ParsedAnswer {
  try {
    return { ok: true, value: parse(text) };
  } catch (err) {
    return { ok: false, message: `${(err as Error).name}: ${(err as Error).message}` };
  }
}

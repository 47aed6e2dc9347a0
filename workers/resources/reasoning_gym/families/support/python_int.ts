// int(text) as Python reads it (shared/verifiers/python_str.ts's pythonInt), with a fast path for
// plain ASCII digits: scorers that read every word of a long answer call it hundreds of thousands
// of times, and the general reader's Unicode handling costs microseconds a call.
import { pythonInt } from "../../../../../shared/verifiers/python_str.ts";

const PLAIN = /^[+-]?[0-9]{1,15}$/;

/** The value int(text) gives, as a bigint; undefined where it would raise ValueError. */
export function pyInt(text: string): bigint | undefined {
  if (PLAIN.test(text)) return BigInt(text);
  // An ASCII character that is neither a digit, a sign nor a space cannot start or end a number.
  const edge = (code: number) => code < 128 && !((code >= 48 && code <= 57) || code === 43 || code === 45 || code === 32 || (code >= 9 && code <= 13));
  if (edge(text.charCodeAt(0)) || edge(text.charCodeAt(text.length - 1))) return undefined;
  return pythonInt(text);
}

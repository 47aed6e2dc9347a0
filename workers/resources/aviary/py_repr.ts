// Python's repr() of a str, as the reference's tool messages print their arguments.
/** Python's repr of a str: single quotes unless the text holds one and no double quote. */
export function pyStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  return quote + text.replaceAll("\\", "\\\\").replaceAll(quote, `\\${quote}`).replaceAll("\n", "\\n") + quote;
}

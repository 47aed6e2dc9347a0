// The program graded: the reply's last ```cpp block (the fence's language in any case, then
// whitespace up to a newline, then everything up to the next fence), else the whole reply, as
// NeMo Gym takes it; then the headers the reference adds before compiling. One pass over the text.

const FENCE = "```";
const isSpace = (c: string) => /\s/.test(c);

/** The content of the reply's last complete ```cpp block, or the reply itself when it has none. */
export function finalCppBlock(text: string): string {
  let last: string | undefined;
  let from = 0;
  for (;;) {
    const open = text.indexOf(FENCE, from);
    if (open < 0) break;
    if (text.slice(open + 3, open + 6).toLowerCase() !== "cpp") {
      from = open + 1;
      continue;
    }
    // The whitespace after the language must hold a newline; the block starts after its last one.
    let i = open + 6;
    let newline = -1;
    for (; i < text.length && isSpace(text[i]!); i++) if (text[i] === "\n") newline = i;
    if (newline < 0) {
      from = open + 1;
      continue;
    }
    const close = text.indexOf(FENCE, newline + 1);
    if (close < 0) break;
    last = text.slice(newline + 1, close);
    from = close + 3;
  }
  return last ?? text;
}

/** The reference's prelude: bits/stdc++.h, the problem's header, and `using namespace std` unless the code names std itself. */
export function withIncludes(code: string, headerInclude?: string | null): string {
  if (!code) return code;
  let header = "#include <bits/stdc++.h>\n";
  if (headerInclude) {
    const include = `#include "${headerInclude}"`;
    if (!code.includes(include)) header += `${include}\n`;
  }
  if (!code.includes("using namespace std;") && !code.includes("std::")) header += "\nusing namespace std;\n\n";
  return header + code + (code.endsWith("\n") ? "" : "\n");
}

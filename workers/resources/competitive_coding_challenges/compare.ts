// Whether a program's output is the expected one, as the reference's batch check decides it:
// `diff -b` between the expected output (its trailing newlines cut, one put back, as the shell's
// `echo "$(cat file)"` gives it) and what the program printed. Under -b a run of blanks (space,
// tab, CR, FF, VT) equals any other run, blanks at a line's end are ignored, and lines must match
// one for one (an extra empty line is a difference); a missing final newline is not.

const BLANKS = /[ \t\r\f\v]+/g;

function lines(text: string): string[] {
  const split = text.split("\n");
  if (split.at(-1) === "") split.pop();
  return split.map((line) => {
    const squeezed = line.replace(BLANKS, " ");
    return squeezed.endsWith(" ") ? squeezed.slice(0, -1) : squeezed;
  });
}

/** The expected output as the reference's shell hands it to diff. */
function echoed(expected: string): string {
  let end = expected.length;
  while (end > 0 && expected[end - 1] === "\n") end--;
  return `${expected.slice(0, end)}\n`;
}

export function outputMatches(expected: string, actual: string): boolean {
  const want = lines(echoed(expected));
  const got = lines(actual);
  return want.length === got.length && want.every((line, i) => line === got[i]);
}

// The grid an answer gives: a list of integer rows such as [[1,2],[3,4]], preferably inside
// \boxed{}. Candidates are runs of grid characters (digits, whitespace, commas, brackets), found
// in one linear pass; the first that parses as a non-empty grid of integers wins.
export type Grid = number[][];

const MARKER = "\\boxed{";
const isGridChar = (ch: string) => /[\p{Nd}\s,[\]]/u.test(ch);
const isSpace = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);

function runEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && isGridChar(text[end]!)) end++;
  return end;
}

/** For "[ [" starting at i: the index just inside the second "["; -1 otherwise. */
function openAt(run: string, i: number): number {
  if (run[i] !== "[") return -1;
  let next = i + 1;
  while (isSpace(run[next])) next++;
  return run[next] === "[" ? next + 1 : -1;
}

/** For "] ]" ending at j: the index of the first "]"; -1 otherwise. */
function closeAt(run: string, j: number): number {
  if (run[j] !== "]") return -1;
  let prev = j - 1;
  while (isSpace(run[prev])) prev--;
  return run[prev] === "]" ? prev : -1;
}

/** A whole run that reads `[ [ ... ] ]` with something between: a boxed candidate. */
function wholeGrid(run: string): string | undefined {
  const inner = openAt(run, 0);
  return inner !== -1 && closeAt(run, run.length - 1) > inner ? run : undefined;
}

/** From the first "[ [" in a run to its last "] ]": what a greedy `[\s*[...]\s*]` finds there. */
function gridWithin(run: string): string | undefined {
  let start = run.indexOf("[");
  while (start !== -1 && openAt(run, start) === -1) start = run.indexOf("[", start + 1);
  if (start === -1) return undefined;
  const inner = openAt(run, start);
  for (let end = run.lastIndexOf("]"); end > inner; end = run.lastIndexOf("]", end - 1)) {
    const close = closeAt(run, end);
    if (close !== -1) return close > inner ? run.slice(start, end + 1) : undefined;
  }
  return undefined;
}

function candidates(text: string): string[] {
  const boxed: string[] = [];
  for (let at = text.indexOf(MARKER); at !== -1; at = text.indexOf(MARKER, at + MARKER.length)) {
    const from = at + MARKER.length;
    const end = runEnd(text, from);
    const grid = text[end] === "}" ? wholeGrid(text.slice(from, end)) : undefined;
    if (grid !== undefined) boxed.push(grid);
  }
  if (boxed.length > 0) return boxed;
  const loose: string[] = [];
  let i = 0;
  while (i < text.length) {
    const end = runEnd(text, i);
    const grid = end > i ? gridWithin(text.slice(i, end)) : undefined;
    if (grid !== undefined) loose.push(grid);
    i = Math.max(end, i + 1);
  }
  return loose;
}

function asGrid(candidate: string): Grid | undefined {
  let value: unknown;
  try {
    value = JSON.parse(candidate.replace(/\s+/g, ""));
  } catch {
    return undefined;
  }
  const isRow = (row: unknown): row is number[] => Array.isArray(row) && row.every((cell) => Number.isInteger(cell));
  if (!Array.isArray(value) || !value.every(isRow)) return undefined;
  return (value[0]?.length ?? 0) > 0 ? value : undefined;
}

/** The first grid among the answer's \boxed{} candidates or, when none is boxed, anywhere in it. */
export function answerGrid(text: string): Grid | undefined {
  for (const candidate of candidates(text)) {
    const grid = asGrid(candidate);
    if (grid) return grid;
  }
  return undefined;
}

// A regex that a dataset row supplies (written for Python's re, e.g. mcqa's
// template_metadata.output_regex) compiled for JavaScript, but only in a shape that cannot
// backtrack exponentially on model output: no group repeated (more than once) holding a quantifier
// or an alternation, no backreference. A group taken at most once (`(-\d{4})?`) tries its inside
// once per start, so it may hold anything safe. Any other pattern reads as invalid, as a syntax
// error does.
const QUANTIFIER_BRACE = /^\{\d+(?:,\d*)?\}/;
const AT_MOST_ONCE = /^(?:\?|\{[01]\}|\{[01],[01]\})$/;

interface Group {
  quantifier: boolean;
  alternation: boolean;
}

/** Length of the group-kind prefix after "(": "?:", "?=", "?!", "?<=", "?<!", "?<name>". */
function groupPrefix(pattern: string, at: number): number {
  if (pattern[at] !== "?") return 0;
  if (pattern[at + 1] === "<" && pattern[at + 2] !== "=" && pattern[at + 2] !== "!") {
    const end = pattern.indexOf(">", at);
    return end === -1 ? 1 : end - at + 1;
  }
  return pattern[at + 1] === "<" ? 3 : 2;
}

function quantifierAt(pattern: string, at: number): number {
  const ch = pattern[at];
  if (ch === "*" || ch === "+" || ch === "?") return 1;
  return ch === "{" ? (QUANTIFIER_BRACE.exec(pattern.slice(at, at + 24))?.[0].length ?? 0) : 0;
}

function isSafe(pattern: string): boolean {
  const groups: Group[] = [{ quantifier: false, alternation: false }];
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i]!;
    const top = groups.at(-1)!;
    if (ch === "(") {
      if (pattern.startsWith("(?P=", i)) return false;
      groups.push({ quantifier: false, alternation: false });
      i += 1 + groupPrefix(pattern, i + 1);
      continue;
    }
    if (ch === "|") {
      top.alternation = true;
      i++;
      continue;
    }
    let closed: Group | undefined;
    if (ch === ")") {
      if (groups.length === 1) return false;
      closed = groups.pop()!;
      const parent = groups.at(-1)!;
      parent.quantifier ||= closed.quantifier;
      parent.alternation ||= closed.alternation;
      i++;
    } else if (ch === "\\") {
      const next = pattern[i + 1] ?? "";
      if (/[1-9]/.test(next) || next === "k") return false;
      i += 2;
    } else if (ch === "[") {
      i++;
      while (i < pattern.length && pattern[i] !== "]") i += pattern[i] === "\\" ? 2 : 1;
      i++;
    } else {
      i++;
    }
    // The atom just read (a group, escape, class or character) and its quantifier, lazy or not.
    const q = quantifierAt(pattern, i);
    if (q === 0) continue;
    if (closed && (closed.quantifier || closed.alternation) && !AT_MOST_ONCE.test(pattern.slice(i, i + q))) return false;
    groups.at(-1)!.quantifier = true;
    i += q;
    if (pattern[i] === "?") i++;
  }
  return true;
}

/** The compiled regex, global and case-insensitive; undefined when invalid or unsafe. */
export function rowRegex(pattern: string): RegExp | undefined {
  // Python spells named groups (?P<name>...).
  const source = pattern.replaceAll("(?P<", "(?<");
  if (!isSafe(source)) return undefined;
  try {
    return new RegExp(source, "gi");
  } catch {
    return undefined;
  }
}

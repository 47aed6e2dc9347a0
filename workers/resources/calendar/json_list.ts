// The first JSON list of objects in a reply, found as the reference finds it: the first match of
//   \[ T* \{ T* \} T* \]   where T is one character other than a bracket, or {...} holding no "}"
// (so a bracket may sit inside braces), leftmost start first and, from there, the match a
// backtracking regex engine reaches first. Computed in linear time instead of by backtracking,
// which a reply with many objects and no closing bracket would make exponential.

// Where the search is inside the pattern: before the object that must be there, inside it, after it.
const PREFIX = 0;
const INSIDE = 1;
const SUFFIX = 2;

export function findJsonList(text: string): string | undefined {
  const n = text.length;
  // The first "}" after each position (n when none): where a braced group starting there ends.
  const close = new Int32Array(n + 1).fill(n);
  for (let i = n - 2; i >= 0; i--) close[i] = text[i + 1] === "}" ? i + 1 : close[i + 1]!;
  // done[state][i]: from `state` at position i, the rest of the pattern can match.
  const done = [new Uint8Array(n + 1), new Uint8Array(n + 1), new Uint8Array(n + 1)] as const;
  const plain = (i: number) => text[i] !== "[" && text[i] !== "]";
  const group = (i: number) => (text[i] === "{" && close[i]! < n ? close[i]! + 1 : -1);
  // The next step from (state, i), in the order a backtracking engine tries them: another token
  // (a plain character before a braced group), else leave the loop. [next state, next position].
  const step = (state: number, i: number): [number, number] | undefined => {
    if (plain(i) && done[state]![i + 1]) return [state, i + 1];
    const after = group(i);
    if (after !== -1 && done[state]![after]) return [state, after];
    if (state === PREFIX && text[i] === "{" && done[INSIDE][i + 1]) return [INSIDE, i + 1];
    if (state === INSIDE && text[i] === "}" && done[SUFFIX][i + 1]) return [SUFFIX, i + 1];
    if (state === SUFFIX && text[i] === "]") return [-1, i + 1];
    return undefined;
  };
  for (let i = n - 1; i >= 0; i--) for (const state of [SUFFIX, INSIDE, PREFIX]) done[state]![i] = step(state, i) ? 1 : 0;
  for (let start = 0; start < n; start++) {
    if (text[start] !== "[" || !done[PREFIX][start + 1]) continue;
    let at: [number, number] = [PREFIX, start + 1];
    while (at[0] !== -1) at = step(at[0], at[1])!;
    return text.slice(start, at[1]);
  }
  return undefined;
}

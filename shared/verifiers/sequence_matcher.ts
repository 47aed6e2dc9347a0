// Python's difflib.SequenceMatcher(None, a, b).ratio() for strings, as NeMo Gym's servers score
// text similarity (terminus_judge's commands, ...): the same matching blocks (autojunk on, so in a `b` of 200 characters
// or more a character occurring more than 1% + 1 times starts no match, though matches may grow
// over it), over code points as Python indexes strings.

type Block = [i: number, j: number, size: number];

function positions(b: readonly string[]): Map<string, number[]> {
  const b2j = new Map<string, number[]>();
  b.forEach((char, j) => {
    const list = b2j.get(char);
    if (list) list.push(j);
    else b2j.set(char, [j]);
  });
  if (b.length >= 200) {
    const most = Math.floor(b.length / 100) + 1;
    for (const [char, list] of b2j) if (list.length > most) b2j.delete(char);
  }
  return b2j;
}

function longestMatch(a: readonly string[], b: readonly string[], b2j: Map<string, number[]>, alo: number, ahi: number, blo: number, bhi: number): Block {
  let [besti, bestj, bestsize] = [alo, blo, 0];
  let j2len = new Map<number, number>();
  for (let i = alo; i < ahi; i++) {
    const next = new Map<number, number>();
    for (const j of b2j.get(a[i]!) ?? []) {
      if (j < blo) continue;
      if (j >= bhi) break;
      const k = (j2len.get(j - 1) ?? 0) + 1;
      next.set(j, k);
      if (k > bestsize) [besti, bestj, bestsize] = [i - k + 1, j - k + 1, k];
    }
    j2len = next;
  }
  // No character is junk (isjunk is None): a match grows over popular characters on both sides.
  while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) [besti, bestj, bestsize] = [besti - 1, bestj - 1, bestsize + 1];
  while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize++;
  return [besti, bestj, bestsize];
}

/** SequenceMatcher(None, s1, s2).ratio(): twice the matched characters over both lengths (1 for two empty strings). */
export function textSimilarity(s1: string, s2: string): number {
  const [a, b] = [Array.from(s1), Array.from(s2)];
  if (a.length + b.length === 0) return 1;
  const b2j = positions(b);
  let matched = 0;
  const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  while (queue.length > 0) {
    const [alo, ahi, blo, bhi] = queue.pop()!;
    const [i, j, k] = longestMatch(a, b, b2j, alo, ahi, blo, bhi);
    if (k === 0) continue;
    matched += k;
    if (alo < i && blo < j) queue.push([alo, i, blo, j]);
    if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
  }
  return (2 * matched) / (a.length + b.length);
}

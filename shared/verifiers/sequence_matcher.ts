// Python's difflib.SequenceMatcher(None, a, b).ratio() for strings, as NeMo Gym's servers score
// text similarity (terminus_judge's commands, mrcr's replies, lc_niah's overlap): the same matching
// blocks (autojunk on, so in a `b` of 200 characters or more a character occurring more than 1% + 1
// times starts no match, though matches may grow over it), over code points as Python indexes
// strings. The work is counted (one step per position of `a` scanned, one per candidate pair), so
// a model that makes both texts long cannot make it quadratic: past the budget the blocks matched
// so far give a lower bound of the ratio, never more than difflib's, so going long cannot raise a score.

/** Steps (over all scans) past which the ratio matched so far stands; a few hundred ms at most. */
export const SIMILARITY_BUDGET = 1_500_000;

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

class OverBudget extends Error {}

/** The ratio, and whether it is difflib's exactly (false: the budget ran out, and it is a lower bound). */
export function boundedSimilarity(s1: string, s2: string, budget = SIMILARITY_BUDGET): { ratio: number; exact: boolean } {
  const [a, b] = [Array.from(s1), Array.from(s2)];
  if (a.length + b.length === 0) return { ratio: 1, exact: true };
  const b2j = positions(b);
  let steps = 0;
  const longestMatch = (alo: number, ahi: number, blo: number, bhi: number): Block => {
    let [besti, bestj, bestsize] = [alo, blo, 0];
    let j2len = new Map<number, number>();
    for (let i = alo; i < ahi; i++) {
      const next = new Map<number, number>();
      const list = b2j.get(a[i]!) ?? [];
      if ((steps += 1 + list.length) > budget) throw new OverBudget();
      for (const j of list) {
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
    steps += bestsize;
    return [besti, bestj, bestsize];
  };
  let matched = 0;
  const ratio = () => (2 * matched) / (a.length + b.length);
  try {
    const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]];
    while (queue.length > 0) {
      const [alo, ahi, blo, bhi] = queue.pop()!;
      const [i, j, k] = longestMatch(alo, ahi, blo, bhi);
      if (k === 0) continue;
      matched += k;
      if (alo < i && blo < j) queue.push([alo, i, blo, j]);
      if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
    }
    return { ratio: ratio(), exact: true };
  } catch (error) {
    if (!(error instanceof OverBudget)) throw error;
    // The blocks found are blocks difflib finds too; the regions left could only add to them.
    return { ratio: ratio(), exact: false };
  }
}

/** SequenceMatcher(None, s1, s2).ratio(): twice the matched characters over both lengths (1 for two empty strings), within the budget. */
export const textSimilarity = (s1: string, s2: string): number => boundedSimilarity(s1, s2).ratio;

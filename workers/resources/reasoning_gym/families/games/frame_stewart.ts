// The Frame-Stewart moves for n disks from one peg to another over any number of spare pegs: park
// the top m disks on a spare peg using every peg, move the rest with one peg fewer, bring the m
// back; m chosen to need the fewest moves (the classic recursion when only one spare peg is left).

const memo = new Map<string, number>();

/** The fewest moves Frame-Stewart needs for n disks over k pegs. */
function cost(n: number, k: number): number {
  if (n <= 1) return n;
  if (k === 3) return 2 ** n - 1;
  const key = `${n},${k}`;
  let best = memo.get(key);
  if (best === undefined) {
    best = Infinity;
    for (let m = 1; m < n; m++) best = Math.min(best, 2 * cost(m, k) + cost(n - m, k - 1));
    memo.set(key, best);
  }
  return best;
}

/** The moves, as "Move disk X from Peg Y to Peg Z" lines. */
export function frameStewart(disks: number, start: number, target: number, spares: readonly number[]): string[] {
  const stacks = new Map<number, number[]>([start, target, ...spares].map((peg) => [peg, []]));
  for (let d = disks; d >= 1; d--) stacks.get(start)!.push(d);
  const moves: string[] = [];
  const moveOne = (from: number, to: number) => {
    const disk = stacks.get(from)!.pop()!;
    stacks.get(to)!.push(disk);
    moves.push(`Move disk ${disk} from Peg ${from} to Peg ${to}`);
  };
  const solve = (n: number, from: number, to: number, free: readonly number[]): void => {
    if (n === 0) return;
    if (n === 1) return moveOne(from, to);
    if (free.length === 1) {
      solve(n - 1, from, free[0]!, [to]);
      moveOne(from, to);
      solve(n - 1, free[0]!, to, [from]);
      return;
    }
    const k = free.length + 2;
    let park = 1;
    for (let m = 1; m < n; m++) if (2 * cost(m, k) + cost(n - m, k - 1) < 2 * cost(park, k) + cost(n - park, k - 1)) park = m;
    const [hold, ...rest] = free;
    solve(park, from, hold!, [...rest, to]);
    solve(n - park, from, to, rest);
    solve(park, hold!, to, [...rest, from]);
  };
  solve(disks, start, target, spares);
  return moves;
}

// The edit distance between two ordered, labelled trees (Zhang and Shasha's algorithm, as the zss
// package computes it for codeio: removing or inserting a node costs its label's distance from
// the empty label, relabelling the distance between the two labels). Within a work budget: a
// hostile answer can be a tree of 100,000 nodes, so work past the budget throws BudgetExceeded.
export interface TreeNode<L> {
  label: L;
  children: TreeNode<L>[];
}

export class BudgetExceeded extends Error {}

export class Budget {
  #left: number;
  constructor(left: number) {
    this.#left = left;
  }
  spend(units: number): void {
    this.#left -= units;
    if (this.#left < 0) throw new BudgetExceeded("tree comparison over its work budget");
  }
}

/** A tree in left-to-right post-order: each node's label and leftmost leaf, and the keyroots. */
interface Annotated<L> {
  labels: L[];
  leftmost: number[];
  keyroots: number[];
}

function annotate<L>(root: TreeNode<L>): Annotated<L> {
  const labels: L[] = [];
  const leftmost: number[] = [];
  // Iterative post-order: a node is emitted once its children are.
  const stack: { node: TreeNode<L>; next: number; first: number }[] = [{ node: root, next: 0, first: -1 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next < top.node.children.length) {
      stack.push({ node: top.node.children[top.next++]!, next: 0, first: -1 });
      continue;
    }
    stack.pop();
    const id = labels.length;
    labels.push(top.node.label);
    const lmd = top.first >= 0 ? top.first : id;
    leftmost.push(lmd);
    const parent = stack[stack.length - 1];
    if (parent && parent.first < 0) parent.first = lmd;
  }
  // A keyroot: the highest node of each leftmost leaf.
  const highest = new Map<number, number>();
  leftmost.forEach((lmd, id) => highest.set(lmd, id));
  return { labels, leftmost, keyroots: [...highest.values()].sort((a, b) => a - b) };
}

/** The distance, where removing or inserting a node costs `weight(label)` and relabelling `labelDistance(x, y)`. */
export function treeEditDistance<L>(a: TreeNode<L>, b: TreeNode<L>, weight: (label: L) => number, labelDistance: (x: L, y: L) => number, budget: Budget): number {
  const A = annotate(a);
  const B = annotate(b);
  const na = A.labels.length;
  const nb = B.labels.length;
  // The table cells every keyroot pair fills, known before filling any: a pair of trees too large
  // to compare fails here at once.
  const cells = (t: Annotated<L>) => t.keyroots.reduce((sum, i) => sum + i - t.leftmost[i]! + 2, 0);
  budget.spend(cells(A) * cells(B));
  const remove = A.labels.map(weight);
  const insert = B.labels.map(weight);
  const treedists = new Float64Array(na * nb);
  // The same pair of labels comes up under many keyroots: each distance is worked out once.
  const updates = new Map<number, number>();
  const update = (i: number, j: number): number => {
    const k = i * nb + j;
    let d = updates.get(k);
    if (d === undefined) updates.set(k, (d = labelDistance(A.labels[i]!, B.labels[j]!)));
    return d;
  };
  for (const i of A.keyroots)
    for (const j of B.keyroots) {
      const ioff = A.leftmost[i]! - 1;
      const joff = B.leftmost[j]! - 1;
      const m = i - ioff + 1;
      const n = j - joff + 1;
      const fd = new Float64Array(m * n);
      for (let x = 1; x < m; x++) fd[x * n] = fd[(x - 1) * n]! + remove[x + ioff]!;
      for (let y = 1; y < n; y++) fd[y] = fd[y - 1]! + insert[y + joff]!;
      for (let x = 1; x < m; x++)
        for (let y = 1; y < n; y++) {
          const ai = x + ioff;
          const bj = y + joff;
          const viaRemove = fd[(x - 1) * n + y]! + remove[ai]!;
          const viaInsert = fd[x * n + y - 1]! + insert[bj]!;
          if (A.leftmost[i] === A.leftmost[ai] && B.leftmost[j] === B.leftmost[bj]) {
            fd[x * n + y] = Math.min(viaRemove, viaInsert, fd[(x - 1) * n + y - 1]! + update(ai, bj));
            treedists[ai * nb + bj] = fd[x * n + y]!;
          } else {
            const p = A.leftmost[ai]! - 1 - ioff;
            const q = B.leftmost[bj]! - 1 - joff;
            fd[x * n + y] = Math.min(viaRemove, viaInsert, fd[p * n + q]! + treedists[ai * nb + bj]!);
          }
        }
    }
  return treedists[na * nb - 1]!;
}

// Zebra puzzle clues and a solver that counts solutions (up to two), for our zebra_puzzles
// generator. Each item (attribute a, value v) has the set of houses still possible for it, as a
// bitmask; clues and the one-item-per-house rule narrow the sets, and the search branches on the
// item with the fewest houses left.

export type Clue =
  | { kind: "at"; item: number; house: number }
  | { kind: "same" | "left" | "beside"; a: number; b: number };

export class Grid {
  readonly houses: number;
  readonly attributes: number;

  constructor(houses: number, attributes: number) {
    this.houses = houses;
    this.attributes = attributes;
  }

  get full(): number {
    return (1 << this.houses) - 1;
  }

  /** Solutions of the clues, counted up to `limit`. */
  count(clues: readonly Clue[], limit = 2): number {
    const domains = new Int32Array(this.houses * this.attributes).fill(this.full);
    return this.#search(domains, clues, limit);
  }

  #search(domains: Int32Array, clues: readonly Clue[], limit: number): number {
    if (!this.#propagate(domains, clues)) return 0;
    let pick = -1;
    let fewest = Infinity;
    domains.forEach((d, i) => {
      const n = bits(d);
      if (n > 1 && n < fewest) [pick, fewest] = [i, n];
    });
    if (pick < 0) return 1;
    let found = 0;
    for (let h = 0; h < this.houses && found < limit; h++) {
      if (!(domains[pick]! & (1 << h))) continue;
      const next = domains.slice();
      next[pick] = 1 << h;
      found += this.#search(next, clues, limit - found);
    }
    return found;
  }

  /** Narrows the sets until nothing changes; false when some item has no house left. */
  #propagate(d: Int32Array, clues: readonly Clue[]): boolean {
    const { houses: k, full } = this;
    for (let changed = true; changed; ) {
      changed = false;
      const narrow = (i: number, mask: number) => {
        const next = d[i]! & mask;
        if (next !== d[i]) [d[i], changed] = [next, true];
      };
      for (const c of clues) {
        if (c.kind === "at") narrow(c.item, 1 << c.house);
        else if (c.kind === "same") {
          narrow(c.a, d[c.b]!);
          narrow(c.b, d[c.a]!);
        } else if (c.kind === "left") {
          narrow(c.a, d[c.b]! >> 1);
          narrow(c.b, (d[c.a]! << 1) & full);
        } else {
          narrow(c.a, ((d[c.b]! << 1) | (d[c.b]! >> 1)) & full);
          narrow(c.b, ((d[c.a]! << 1) | (d[c.a]! >> 1)) & full);
        }
      }
      for (let a = 0; a < this.attributes; a++) {
        const base = a * k;
        for (let v = 0; v < k; v++) {
          const own = d[base + v]!;
          if (own === 0) return false;
          // A value fixed to a house takes that house from the attribute's other values.
          if (bits(own) === 1) for (let w = 0; w < k; w++) if (w !== v) narrow(base + w, ~own);
        }
        // A house only one value can still take gets that value.
        for (let h = 0; h < k; h++) {
          let only = -1;
          let count = 0;
          for (let v = 0; v < k; v++) if (d[base + v]! & (1 << h)) [only, count] = [v, count + 1];
          if (count === 0) return false;
          if (count === 1) narrow(base + only, 1 << h);
        }
      }
    }
    return true;
  }
}

function bits(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

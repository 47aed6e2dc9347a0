// Byte-pair merging of one pre-token, in the order tiktoken merges: always the adjacent pair whose
// merged bytes have the lowest rank, the leftmost on a tie. gpt-tokenizer rescans and splices every
// pair after each merge, which is quadratic: 1 MB without a space kept the emulator busy for minutes.
// Here a heap of pair ranks over a linked list of parts makes it O(n log n), with the same result.

/** The rank of the token made of the piece's bytes [start, end), or undefined if there is none. */
export type RankOf = (start: number, end: number) => number | undefined;

/**
 * The token ids of a piece `length` bytes long. Every single byte must have a rank (as in every
 * byte-level BPE vocabulary), so the parts left when nothing merges are all tokens.
 */
export function bytePairMerge(length: number, rankOf: RankOf): number[] {
  // Parts are named by their first byte; `next[i]` is where the part after part i starts.
  const next = new Int32Array(length + 1);
  const prev = new Int32Array(length + 1);
  // The rank of merging part i with the part after it, as last computed; NONE once it cannot merge
  // or has merged away.
  const pairRank = new Int32Array(length + 1).fill(NONE);
  // A heap entry is rank * stride + start, so the lowest entry is the lowest rank, leftmost first.
  const stride = length + 1;
  const heap = new MinHeap();

  const rankPair = (start: number): void => {
    const rank = next[start]! < length ? rankOf(start, next[next[start]!]!) : undefined;
    pairRank[start] = rank ?? NONE;
    if (rank !== undefined) heap.push(rank * stride + start);
  };

  for (let i = 0; i <= length; i++) {
    next[i] = Math.min(i + 1, length);
    prev[i] = i - 1;
  }
  for (let i = 0; i + 1 < length; i++) rankPair(i);

  while (heap.size > 0) {
    const entry = heap.pop();
    const start = entry % stride;
    // An entry goes stale when its part merges away or its pair changes; the current pair has its own.
    if (pairRank[start] !== (entry - start) / stride) continue;
    const gone = next[start]!;
    pairRank[gone] = NONE;
    next[start] = next[gone]!;
    prev[next[start]!] = start;
    rankPair(start);
    if (prev[start]! >= 0) rankPair(prev[start]!);
  }

  const ids: number[] = [];
  for (let start = 0; start < length; start = next[start]!) {
    const id = rankOf(start, next[start]!);
    if (id === undefined) throw new RangeError(`no token for bytes ${start}..${next[start]}`);
    ids.push(id);
  }
  return ids;
}

const NONE = -1;

/** A binary min-heap of numbers. */
class MinHeap {
  readonly #items: number[] = [];

  get size(): number {
    return this.#items.length;
  }

  push(value: number): void {
    const items = this.#items;
    let i = items.push(value) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]! <= value) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = value;
  }

  pop(): number {
    const items = this.#items;
    const top = items[0]!;
    const last = items.pop()!;
    const size = items.length;
    if (size === 0) return top;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && items[child + 1]! < items[child]!) child++;
      if (items[child]! >= last) break;
      items[i] = items[child]!;
      i = child;
    }
    items[i] = last;
    return top;
  }
}

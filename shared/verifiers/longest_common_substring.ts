// The length of the longest common substring of two texts, in code points (Python's len), as
// difflib's find_longest_match with autojunk=False gives it, in linear time and memory: a suffix
// automaton of the shorter text (its transitions in one open-addressing table over typed arrays,
// since the alphabet is all of Unicode), then one walk of the longer text through it.

const codePoints = (text: string): Int32Array => Int32Array.from(text, (char) => char.codePointAt(0)!);

class SuffixAutomaton {
  private readonly len: Int32Array;
  private readonly link: Int32Array;
  private readonly head: Int32Array; // each state's first out-edge + 1 (0: none), to copy them on a clone
  private readonly edgeFrom: Int32Array;
  private readonly edgeChar: Int32Array;
  private readonly edgeTo: Int32Array;
  private readonly edgeNext: Int32Array;
  private readonly table: Int32Array; // edge + 1 at the slot of its (state, char); 0: empty
  private readonly mask: number;
  private states = 1;
  private edges = 0;
  private last = 0;

  constructor(text: Int32Array) {
    const maxStates = 2 * text.length + 2;
    const maxEdges = 3 * text.length + 4;
    [this.len, this.link, this.head] = [new Int32Array(maxStates), new Int32Array(maxStates), new Int32Array(maxStates)];
    [this.edgeFrom, this.edgeChar, this.edgeTo, this.edgeNext] = [0, 0, 0, 0].map(() => new Int32Array(maxEdges)) as [Int32Array, Int32Array, Int32Array, Int32Array];
    let capacity = 16;
    while (capacity < 2 * maxEdges) capacity *= 2;
    this.table = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.link[0] = -1;
    for (let i = 0; i < text.length; i++) this.extend(text[i]!);
  }

  private slot(state: number, char: number): number {
    let hash = Math.imul(state ^ Math.imul(char, 0x85ebca77), 0x9e3779b1);
    hash ^= hash >>> 15;
    let at = hash & this.mask;
    for (;;) {
      const edge = this.table[at]! - 1;
      if (edge < 0 || (this.edgeFrom[edge] === state && this.edgeChar[edge] === char)) return at;
      at = (at + 1) & this.mask;
    }
  }

  /** The state reached from `state` by `char`, or -1. */
  next(state: number, char: number): number {
    const edge = this.table[this.slot(state, char)]! - 1;
    return edge < 0 ? -1 : this.edgeTo[edge]!;
  }

  private set(state: number, char: number, to: number): void {
    const at = this.slot(state, char);
    const edge = this.table[at]! - 1;
    if (edge >= 0) {
      this.edgeTo[edge] = to;
      return;
    }
    const added = this.edges++;
    this.edgeFrom[added] = state;
    this.edgeChar[added] = char;
    this.edgeTo[added] = to;
    this.edgeNext[added] = this.head[state]!;
    this.head[state] = added + 1;
    this.table[at] = added + 1;
  }

  private extend(char: number): void {
    const cur = this.states++;
    this.len[cur] = this.len[this.last]! + 1;
    let p = this.last;
    while (p !== -1 && this.next(p, char) === -1) {
      this.set(p, char, cur);
      p = this.link[p]!;
    }
    if (p === -1) this.link[cur] = 0;
    else {
      const q = this.next(p, char);
      if (this.len[p]! + 1 === this.len[q]) this.link[cur] = q;
      else {
        const clone = this.states++;
        this.len[clone] = this.len[p]! + 1;
        this.link[clone] = this.link[q]!;
        for (let edge = this.head[q]! - 1; edge >= 0; edge = this.edgeNext[edge]! - 1) this.set(clone, this.edgeChar[edge]!, this.edgeTo[edge]!);
        while (p !== -1 && this.next(p, char) === q) {
          this.set(p, char, clone);
          p = this.link[p]!;
        }
        this.link[q] = clone;
        this.link[cur] = clone;
      }
    }
    this.last = cur;
  }

  /** The longest substring of `text` that is also one of the automaton's text. */
  longestIn(text: Int32Array): number {
    let state = 0;
    let length = 0;
    let best = 0;
    for (let i = 0; i < text.length; i++) {
      const char = text[i]!;
      while (state !== 0 && this.next(state, char) === -1) {
        state = this.link[state]!;
        length = this.len[state]!;
      }
      const to = this.next(state, char);
      state = to === -1 ? 0 : to;
      length = to === -1 ? 0 : length + 1;
      if (length > best) best = length;
    }
    return best;
  }
}

export function longestCommonSubstring(s1: string, s2: string): number {
  const [a, b] = [codePoints(s1), codePoints(s2)];
  if (a.length === 0 || b.length === 0) return 0;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return new SuffixAutomaton(shorter).longestIn(longer);
}

// SentencePiece's EncodeAsPieces for a .model file (unigram and BPE models), as the C++ library
// does it: the normalizer (its precompiled character map, a darts-clone trie over UTF-8 bytes; the
// dummy prefix; extra whitespace removed; spaces escaped as U+2581), then the model's segmentation
// (unigram: Viterbi over the pieces' float32 scores, unknown characters at min score - 10; BPE:
// the best-scoring adjacent merge first, leftmost on ties), then runs of unknown pieces merged (or
// spelt as <0xXX> byte pieces when the model has byte fallback). sacrebleu's flores200 tokenizer is
// this over NLLB's model, with the pieces joined by spaces.

import { PieceType, type SentencePieceModel } from "./spm_model.ts";

const SPACE = "\u2581";
const UNK_PENALTY = 10;

// --- normalizer ----------------------------------------------------------------------------

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });
const SPACE_BYTES = encoder.encode(SPACE);
const REPLACEMENT = encoder.encode("\ufffd");

/** The length of the valid UTF-8 character at `pos`, or 0 when it is malformed. */
function utf8CharLength(bytes: Uint8Array, pos: number): number {
  const b = bytes[pos]!;
  const need = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
  if (need === 0 || pos + need > bytes.length) return 0;
  for (let i = 1; i < need; i++) if ((bytes[pos + i]! & 0xc0) !== 0x80) return 0;
  return need;
}

/** A UTF-8 character's length for segmentation: malformed bytes go one at a time. */
function charLength(bytes: Uint8Array, pos: number): number {
  return Math.min(utf8CharLength(bytes, pos) || 1, bytes.length - pos);
}

class CharsMap {
  private readonly units: Uint32Array;
  private readonly normalized: Uint8Array;
  constructor(blob: Uint8Array) {
    const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
    const trieSize = view.getUint32(0, true);
    if (trieSize + 4 > blob.length || trieSize % 4 !== 0) throw new Error("malformed precompiled_charsmap");
    this.units = new Uint32Array(trieSize / 4);
    for (let i = 0; i < this.units.length; i++) this.units[i] = view.getUint32(4 + 4 * i, true);
    this.normalized = blob.subarray(4 + trieSize);
  }
  /** The longest rule matching a prefix of bytes[pos..]: [consumed, replacement], or undefined. */
  longest(bytes: Uint8Array, pos: number): [number, Uint8Array] | undefined {
    const units = this.units;
    let node = 0;
    let unit = units[0]!;
    node ^= offset(unit);
    let found: [number, number] | undefined;
    for (let i = pos; i < bytes.length; i++) {
      const c = bytes[i]!;
      node ^= c;
      unit = units[node]!;
      if (unit === undefined || (unit & 0x800000ff) >>> 0 !== c) break;
      node ^= offset(unit);
      if ((unit >>> 8) & 1) found = [i + 1 - pos, units[node]! & 0x7fffffff];
    }
    if (!found) return undefined;
    const start = found[1];
    let end = start;
    while (end < this.normalized.length && this.normalized[end] !== 0) end++;
    return [found[0], this.normalized.subarray(start, end)];
  }
}

function offset(unit: number): number {
  return ((unit >>> 10) << ((unit & (1 << 9)) >>> 6)) >>> 0;
}

class ByteBuffer {
  private bytes = new Uint8Array(64);
  length = 0;
  push(chunk: Uint8Array): void {
    if (this.length + chunk.length > this.bytes.length) {
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + chunk.length));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes.set(chunk, this.length);
    this.length += chunk.length;
  }
  endsWith(suffix: Uint8Array): boolean {
    if (this.length < suffix.length) return false;
    for (let i = 0; i < suffix.length; i++) if (this.bytes[this.length - suffix.length + i] !== suffix[i]) return false;
    return true;
  }
  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

// --- encoder -------------------------------------------------------------------------------

interface TrieNode {
  next: Map<number, TrieNode>;
  id: number;
}

function newNode(): TrieNode {
  return { next: new Map(), id: -1 };
}

export class SentencePiece {
  private readonly charsmap?: CharsMap;
  private readonly vocab: SortedPieces;
  private readonly userTrie = newNode();
  private readonly ids = new Map<string, number>();
  private readonly minScore: number;
  private readonly maxScore: number;
  private readonly unkId: number;
  private readonly model: SentencePieceModel;

  constructor(model: SentencePieceModel) {
    this.model = model;
    if (model.charsmap && model.charsmap.length > 0) this.charsmap = new CharsMap(model.charsmap);
    const searchable: [string, number][] = [];
    let min = Infinity;
    let max = 1.1754943508222875e-38; // FLT_MIN, where the library starts its maximum
    model.pieces.forEach((p, id) => {
      if (p.type === PieceType.NORMAL) {
        min = Math.min(min, p.score);
        max = Math.max(max, p.score);
      }
      if (p.type === PieceType.NORMAL || p.type === PieceType.USER_DEFINED || p.type === PieceType.UNUSED) {
        searchable.push([p.piece, id]);
      }
      if (p.type === PieceType.USER_DEFINED) this.insert(this.userTrie, p.piece, id);
      if (!this.ids.has(p.piece)) this.ids.set(p.piece, id);
    });
    this.vocab = new SortedPieces(searchable);
    this.minScore = min;
    this.maxScore = max;
    this.unkId = model.pieces.findIndex((p) => p.type === PieceType.UNKNOWN);
    if (this.unkId < 0) throw new Error("the SentencePiece model has no unknown piece");
  }

  private insert(root: TrieNode, piece: string, id: number): void {
    let node = root;
    for (const b of encoder.encode(piece)) {
      let child = node.next.get(b);
      if (!child) node.next.set(b, (child = newNode()));
      node = child;
    }
    if (node.id < 0) node.id = id;
  }

  /** The longest user-defined piece at bytes[pos..] (they are kept as they are), or 0. */
  private userPrefix(bytes: Uint8Array, pos: number): number {
    let node: TrieNode | undefined = this.userTrie;
    let longest = 0;
    if (node.next.size === 0) return 0;
    for (let i = pos; i < bytes.length && node; i++) {
      node = node.next.get(bytes[i]!);
      if (node && node.id >= 0) longest = i + 1 - pos;
    }
    return longest;
  }

  /** The normalized text as UTF-8 bytes. */
  normalize(text: string): Uint8Array {
    const input = encoder.encode(text);
    const { addDummyPrefix, removeExtraWhitespaces, escapeWhitespaces } = this.model;
    const prefix = (pos: number): [number, Uint8Array] => {
      const user = this.userPrefix(input, pos);
      if (user > 0) return [user, input.subarray(pos, pos + user)];
      const rule = this.charsmap?.longest(input, pos);
      if (rule) return rule;
      const length = utf8CharLength(input, pos);
      return length === 0 ? [1, REPLACEMENT] : [length, input.subarray(pos, pos + length)];
    };
    const out = new ByteBuffer();
    let pos = 0;
    if (removeExtraWhitespaces) {
      while (pos < input.length) {
        const [consumed, replacement] = prefix(pos);
        if (!(replacement.length === 1 && replacement[0] === 0x20)) break;
        pos += consumed;
      }
    }
    if (pos >= input.length) return out.view();
    const space = escapeWhitespaces ? SPACE_BYTES : Uint8Array.of(0x20);
    if (addDummyPrefix) out.push(space);
    let prevSpace = removeExtraWhitespaces;
    while (pos < input.length) {
      const [consumed, replacement] = prefix(pos);
      let sp = replacement;
      if (prevSpace && removeExtraWhitespaces) {
        let skip = 0;
        while (skip < sp.length && sp[skip] === 0x20) skip++;
        sp = sp.subarray(skip);
      }
      if (sp.length > 0) {
        let from = 0;
        for (let i = 0; i < sp.length; i++) {
          if (escapeWhitespaces && sp[i] === 0x20) {
            out.push(sp.subarray(from, i));
            out.push(SPACE_BYTES);
            from = i + 1;
          }
        }
        out.push(sp.subarray(from));
        prevSpace = sp[sp.length - 1] === 0x20;
      }
      pos += consumed;
      if (!removeExtraWhitespaces) prevSpace = false;
    }
    if (removeExtraWhitespaces) while (out.endsWith(space)) out.length -= space.length;
    return out.view();
  }

  /** EncodeAsPieces: the pieces of `text`, as strings. */
  encodeAsPieces(text: string): string[] {
    const normalized = this.normalize(text);
    const segments = this.model.modelType === "unigram" ? this.unigram(normalized) : this.bpe(normalized);
    const pieces: string[] = [];
    let prevUnknown = false;
    for (const [w, id] of segments) {
      if (this.model.pieces[id]?.type === PieceType.CONTROL) {
        pieces.push(this.model.pieces[id]!.piece);
        prevUnknown = false;
        continue;
      }
      const unknown = id === this.unkId;
      if (unknown && this.model.byteFallback) {
        for (const b of encoder.encode(w)) pieces.push(`<0x${b.toString(16).toUpperCase().padStart(2, "0")}>`);
      } else if (unknown && prevUnknown) {
        pieces[pieces.length - 1] += w;
      } else {
        pieces.push(w);
      }
      prevUnknown = unknown;
    }
    return pieces;
  }

  // Viterbi as the library's EncodeOptimized, over the normalized text's UTF-16 units (pieces end
  // on code points, so the candidates are the same as over its bytes): scores summed in float32.
  private unigram(bytes: Uint8Array): [string, number][] {
    const text = decoder.decode(bytes);
    const size = text.length;
    const score = new Float64Array(size + 1);
    const from = new Int32Array(size + 1).fill(-1);
    const ids = new Int32Array(size + 1).fill(-1);
    const unkScore = Math.fround(this.minScore - UNK_PENALTY);
    const offer = (end: number, start: number, candidate: number, id: number) => {
      if (from[end] === -1 || candidate > score[end]!) {
        score[end] = Math.fround(candidate);
        from[end] = start;
        ids[end] = id;
      }
    };
    for (let start = 0; start < size; ) {
      const here = score[start]!;
      const units = text.codePointAt(start)! > 0xffff ? 2 : 1;
      let single = false;
      this.vocab.prefixesAt(text, start, (end, id) => {
        const p = this.model.pieces[id]!;
        if (p.type === PieceType.UNUSED) return;
        const candidate = p.type === PieceType.USER_DEFINED ? Math.fround(encoder.encode(p.piece).length * this.maxScore) - 0.1 + here : Math.fround(p.score + here);
        offer(end, start, candidate, id);
        if (end - start === units) single = true;
      });
      if (!single) offer(start + units, start, Math.fround(unkScore + here), this.unkId);
      start += units;
    }
    const out: [string, number][] = [];
    for (let end = size; end > 0; end = from[end]!) out.push([text.slice(from[end]!, end), ids[end]!]);
    return out.reverse();
  }

  // Merges by a max-heap of adjacent pairs (score, then leftmost), as the library's BPE model.
  private bpe(bytes: Uint8Array): [string, number][] {
    interface Sym { start: number; end: number; prev: number; next: number; freeze: boolean }
    const syms: Sym[] = [];
    for (let pos = 0; pos < bytes.length; ) {
      const user = this.userPrefix(bytes, pos);
      const length = user > 0 ? user : charLength(bytes, pos);
      syms.push({ start: pos, end: pos + length, prev: syms.length - 1, next: pos + length < bytes.length ? syms.length + 1 : -1, freeze: user > 0 });
      pos += length;
    }
    const pieceAt = (start: number, end: number) => decoder.decode(bytes.subarray(start, end));
    interface Pair { left: number; right: number; score: number; size: number }
    const heap = new PairHeap<Pair>((a, b) => (a.score !== b.score ? a.score > b.score : a.left < b.left));
    const revMerge = new Map<string, [string, string]>();
    const consider = (left: number, right: number) => {
      if (left < 0 || right < 0 || syms[left]!.freeze || syms[right]!.freeze) return;
      const l = syms[left]!;
      const r = syms[right]!;
      const piece = pieceAt(l.start, r.end);
      const id = this.pieceId(piece);
      if (id === undefined) return;
      heap.push({ left, right, score: this.model.pieces[id]!.score, size: r.end - l.start });
      if (this.model.pieces[id]!.type === PieceType.UNUSED) revMerge.set(piece, [pieceAt(l.start, l.end), pieceAt(r.start, r.end)]);
    };
    for (let i = 1; i < syms.length; i++) consider(i - 1, i);
    for (let top = heap.pop(); top; top = heap.pop()) {
      const l = syms[top.left]!;
      const r = syms[top.right]!;
      if (l.end === l.start || r.end === r.start || l.end - l.start + (r.end - r.start) !== top.size || l.next !== top.right) continue;
      l.end = r.end;
      l.next = r.next;
      if (r.next >= 0) syms[r.next]!.prev = top.left;
      r.end = r.start;
      consider(l.prev, top.left);
      consider(top.left, l.next);
    }
    const out: [string, number][] = [];
    const resegment = (piece: string) => {
      const id = this.ids.get(piece) ?? this.unkId;
      const split = this.model.pieces[id]!.type === PieceType.UNUSED ? revMerge.get(piece) : undefined;
      if (!split) {
        out.push([piece, id]);
        return;
      }
      resegment(split[0]);
      resegment(split[1]);
    };
    for (let i = syms.length ? 0 : -1; i !== -1; i = syms[i]!.next) resegment(pieceAt(syms[i]!.start, syms[i]!.end));
    return out;
  }

  /** The id of a piece the BPE model may merge into (normal, user-defined or unused). */
  private pieceId(piece: string): number | undefined {
    const id = this.ids.get(piece);
    if (id === undefined) return undefined;
    const type = this.model.pieces[id]!.type;
    return type === PieceType.NORMAL || type === PieceType.USER_DEFINED || type === PieceType.UNUSED ? id : undefined;
  }
}

/**
 * The pieces sorted by UTF-16 units: the pieces that are prefixes of a text at a position are found
 * by narrowing the range one unit at a time (a trie of Maps over a 256k vocabulary takes 300 MB).
 */
class SortedPieces {
  private readonly keys: string[];
  private readonly ids: Int32Array;
  constructor(entries: [string, number][]) {
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this.keys = entries.map((e) => e[0]);
    this.ids = Int32Array.from(entries, (e) => e[1]);
  }
  /** Calls `found(end, id)` for each piece equal to text[start, end), shortest first. */
  prefixesAt(text: string, start: number, found: (end: number, id: number) => void): void {
    const keys = this.keys;
    let lo = 0;
    let hi = keys.length;
    for (let depth = 0; lo < hi; depth++) {
      // The range holds the pieces beginning with text[start, start + depth); one of exactly that length sorts first.
      if (keys[lo]!.length === depth) {
        if (depth > 0) found(start + depth, this.ids[lo]!);
        lo++;
      }
      if (start + depth >= text.length) return;
      const c = text.charCodeAt(start + depth);
      let a = lo;
      let b = hi;
      while (a < b) {
        const m = (a + b) >>> 1;
        if (keys[m]!.charCodeAt(depth) < c) a = m + 1;
        else b = m;
      }
      lo = a;
      b = hi;
      while (a < b) {
        const m = (a + b) >>> 1;
        if (keys[m]!.charCodeAt(depth) <= c) a = m + 1;
        else b = m;
      }
      hi = a;
    }
  }
}

class PairHeap<T> {
  private readonly items: T[] = [];
  private readonly before: (a: T, b: T) => boolean;
  constructor(before: (a: T, b: T) => boolean) {
    this.before = before;
  }
  push(item: T): void {
    const a = this.items;
    a.push(item);
    for (let i = a.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!this.before(a[i]!, a[parent]!)) break;
      [a[i], a[parent]] = [a[parent]!, a[i]!];
      i = parent;
    }
  }
  pop(): T | undefined {
    const a = this.items;
    if (a.length === 0) return undefined;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < a.length && this.before(a[l]!, a[best]!)) best = l;
        if (r < a.length && this.before(a[r]!, a[best]!)) best = r;
        if (best === i) break;
        [a[i], a[best]] = [a[best]!, a[i]!];
        i = best;
      }
    }
    return top;
  }
}

// A real BPE vocabulary (o200k_base from gpt-tokenizer) with ChatML special tokens. We split the
// special tokens out ourselves, as HF tokenizers do; we merge ourselves (bpe.ts) because the
// library's merge is quadratic in a pre-token's length; we decode ourselves because its decoder
// keeps UTF-8 state between calls.
import ranks from "gpt-tokenizer/bpeRanks/o200k_base";
import { O200K_TOKEN_SPLIT_REGEX } from "gpt-tokenizer/encodingParams/constants";
import { createO200KSpecialTokenMap } from "gpt-tokenizer/encodingParams/o200k_base";
import { EndOfText, ImEnd, ImStart } from "gpt-tokenizer/specialTokens";
import { bytePairMerge } from "./bpe.ts";

const SPECIAL_SPLIT = /(<\|endoftext\|>|<\|im_start\|>|<\|im_end\|>)/;

const specialIds = new Map<string, number>();
const specialTexts = new Map<number, string>();
for (const [text, id] of createO200KSpecialTokenMap()) {
  if (text !== EndOfText && text !== ImStart && text !== ImEnd) continue;
  specialIds.set(text, id);
  specialTexts.set(id, text);
}

// Qwen's end-of-turn token: the last generated token of every finished assistant turn.
export const EOS_TOKEN_ID = specialIds.get(ImEnd) as number;

// Merging works on bytes, so every token is keyed by its bytes, one char per byte (latin1). Most
// tokens are ASCII, whose text is that key already.
const NON_ASCII = /[^\x00-\x7f]/;
const asBytes = (text: string): string => (NON_ASCII.test(text) ? Buffer.from(text, "utf8").toString("latin1") : text);
const rankOfBytes = new Map<string, number>();
ranks.forEach((token, rank) => rankOfBytes.set(typeof token === "string" ? asBytes(token) : String.fromCharCode(...token), rank));

/** One pre-token: a token of its own, else its bytes merged. */
function encodeWord(word: string, out: number[]): void {
  const bytes = asBytes(word);
  const whole = rankOfBytes.get(bytes);
  if (whole !== undefined) out.push(whole);
  else for (const id of bytePairMerge(bytes.length, (start, end) => rankOfBytes.get(bytes.slice(start, end)))) out.push(id);
}

function encodeOrdinary(text: string): number[] {
  const out: number[] = [];
  for (const [word] of text.matchAll(O200K_TOKEN_SPLIT_REGEX)) encodeWord(word, out);
  return out;
}

// Prompts repeat the same system/tools block and history turns, so pieces between special tokens
// are cached. Bounded by characters, not entries, so huge pieces cannot pin memory; cleared
// wholesale when full: cheap, and the hot pieces come straight back.
const MAX_CACHED_CHARS = 16 * 1024 * 1024;
const pieceCache = new Map<string, readonly number[]>();
let cachedChars = 0;

function encodePiece(piece: string): readonly number[] {
  let ids = pieceCache.get(piece);
  if (ids === undefined) {
    ids = encodeOrdinary(piece);
    if (piece.length <= MAX_CACHED_CHARS) {
      if (cachedChars + piece.length > MAX_CACHED_CHARS) {
        pieceCache.clear();
        cachedChars = 0;
      }
      pieceCache.set(piece, ids);
      cachedChars += piece.length;
    }
  }
  return ids;
}

export function encode(text: string): number[] {
  const out: number[] = [];
  for (const piece of text.split(SPECIAL_SPLIT)) {
    if (piece === "") continue;
    const special = specialIds.get(piece);
    if (special !== undefined) out.push(special);
    else for (const id of encodePiece(piece)) out.push(id);
  }
  return out;
}

const utf8 = new TextEncoder();
const byteCache = new Map<number, Uint8Array>();

/** The bytes a token stands for, or undefined for an id outside the vocabulary. */
export function tokenBytes(id: number): Uint8Array | undefined {
  let bytes = byteCache.get(id);
  if (bytes !== undefined) return bytes;
  const special = specialTexts.get(id);
  const rank = Number.isInteger(id) && id >= 0 ? ranks[id] : undefined;
  if (special !== undefined) bytes = utf8.encode(special);
  else if (typeof rank === "string") bytes = utf8.encode(rank);
  else if (Array.isArray(rank)) bytes = Uint8Array.from(rank);
  else return undefined;
  byteCache.set(id, bytes);
  return bytes;
}

/** Decodes ids to text; throws a RangeError naming the first id outside the vocabulary. */
export function decode(ids: readonly number[]): string {
  const parts: Uint8Array[] = [];
  for (const id of ids) {
    const bytes = tokenBytes(id);
    if (bytes === undefined) throw new RangeError(`token id ${id} is out of vocabulary`);
    parts.push(bytes);
  }
  return Buffer.concat(parts).toString("utf8");
}

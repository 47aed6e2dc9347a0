// A real BPE vocabulary (o200k_base from gpt-tokenizer) with ChatML special tokens. We split the
// special tokens out ourselves, as HF tokenizers do, because the library only recognises a special
// token at the very start of its input; we decode ourselves because its decoder keeps UTF-8 state
// between calls.
import { encode as encodeOrdinary } from "gpt-tokenizer/encoding/o200k_base";
import ranks from "gpt-tokenizer/bpeRanks/o200k_base";

const SPECIAL_TOKENS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"] as const;
const AS_TEXT = { disallowedSpecial: new Set<string>() };
const SPECIAL_SPLIT = /(<\|endoftext\|>|<\|im_start\|>|<\|im_end\|>)/;

const specialIds = new Map<string, number>();
const specialTexts = new Map<number, string>();
for (const text of SPECIAL_TOKENS) {
  const ids = encodeOrdinary(text, { allowedSpecial: new Set([text]) });
  if (ids.length !== 1 || ids[0] === undefined) throw new Error(`tokenizer has no special token ${text}`);
  specialIds.set(text, ids[0]);
  specialTexts.set(ids[0], text);
}

// Qwen's end-of-turn token: the last generated token of every finished assistant turn.
export const EOS_TOKEN_ID = specialIds.get("<|im_end|>") as number;

// Prompts repeat the same system/tools block and history turns, so pieces between special tokens
// are cached. Cleared wholesale when full: cheap, and the hot pieces come straight back.
const MAX_CACHED_PIECES = 20_000;
const pieceCache = new Map<string, readonly number[]>();

function encodePiece(piece: string): readonly number[] {
  let ids = pieceCache.get(piece);
  if (ids === undefined) {
    ids = encodeOrdinary(piece, AS_TEXT);
    if (pieceCache.size >= MAX_CACHED_PIECES) pieceCache.clear();
    pieceCache.set(piece, ids);
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

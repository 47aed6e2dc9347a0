// A SentencePiece .model file (a serialized ModelProto, protobuf wire format): only the fields
// encoding reads (the pieces, the model type, byte fallback, the normalizer's settings and map).

export const PieceType = { NORMAL: 1, UNKNOWN: 2, CONTROL: 3, USER_DEFINED: 4, UNUSED: 5 } as const;
export type PieceType = number;

export interface Piece {
  piece: string;
  score: number;
  type: PieceType;
}

export interface SentencePieceModel {
  modelType: "unigram" | "bpe";
  pieces: Piece[];
  byteFallback: boolean;
  charsmap?: Uint8Array;
  addDummyPrefix: boolean;
  removeExtraWhitespaces: boolean;
  escapeWhitespaces: boolean;
}

class Reader {
  pos = 0;
  readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }
  get done(): boolean {
    return this.pos >= this.bytes.length;
  }
  varint(): number {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (this.pos >= this.bytes.length) throw new Error("truncated varint");
      const b = this.bytes[this.pos++]!;
      result += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return result;
      shift += 7;
    }
  }
  chunk(): Uint8Array {
    const length = this.varint();
    if (this.pos + length > this.bytes.length) throw new Error("truncated field");
    const out = this.bytes.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }
  float(): number {
    const value = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.pos, 4).getFloat32(0, true);
    this.pos += 4;
    return value;
  }
  skip(wireType: number): void {
    if (wireType === 0) this.varint();
    else if (wireType === 1) this.pos += 8;
    else if (wireType === 2) this.chunk();
    else if (wireType === 5) this.pos += 4;
    else throw new Error(`unsupported wire type ${wireType}`);
  }
  /** Each field of the message: its number and wire type; `read` consumes the value or skips it. */
  *fields(): Generator<[number, number]> {
    while (!this.done) {
      const key = this.varint();
      const start = this.pos;
      yield [Math.floor(key / 8), key & 7];
      if (this.pos === start) this.skip(key & 7);
    }
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function readPiece(bytes: Uint8Array): Piece {
  const piece: Piece = { piece: "", score: 0, type: PieceType.NORMAL };
  const r = new Reader(bytes);
  for (const [field, wire] of r.fields()) {
    if (field === 1 && wire === 2) piece.piece = utf8.decode(r.chunk());
    else if (field === 2 && wire === 5) piece.score = r.float();
    else if (field === 3 && wire === 0) piece.type = r.varint();
  }
  return piece;
}

/** Parses a SentencePiece .model file (a serialized ModelProto). */
export function parseModel(bytes: Uint8Array): SentencePieceModel {
  const model: SentencePieceModel = { modelType: "unigram", pieces: [], byteFallback: false, addDummyPrefix: true, removeExtraWhitespaces: true, escapeWhitespaces: true };
  const r = new Reader(bytes);
  for (const [field, wire] of r.fields()) {
    if (field === 1 && wire === 2) model.pieces.push(readPiece(r.chunk()));
    else if (field === 2 && wire === 2) {
      const t = new Reader(r.chunk());
      for (const [f, w] of t.fields()) {
        if (f === 3 && w === 0) {
          const type = t.varint();
          if (type !== 1 && type !== 2) throw new Error(`unsupported SentencePiece model type ${type} (only unigram and BPE)`);
          model.modelType = type === 1 ? "unigram" : "bpe";
        } else if (f === 24 && w === 0 && t.varint() !== 0) throw new Error("treat_whitespace_as_suffix models are not supported");
        else if (f === 35 && w === 0) model.byteFallback = t.varint() !== 0;
      }
    } else if (field === 3 && wire === 2) {
      const n = new Reader(r.chunk());
      for (const [f, w] of n.fields()) {
        if (f === 2 && w === 2) model.charsmap = n.chunk();
        else if (f === 3 && w === 0) model.addDummyPrefix = n.varint() !== 0;
        else if (f === 4 && w === 0) model.removeExtraWhitespaces = n.varint() !== 0;
        else if (f === 5 && w === 0) model.escapeWhitespaces = n.varint() !== 0;
      }
    }
  }
  if (model.pieces.length === 0) throw new Error("not a SentencePiece model: it has no pieces");
  return model;
}


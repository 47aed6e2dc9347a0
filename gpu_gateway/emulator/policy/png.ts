// Reading the pixels of a PNG image sent as a base64 data URL, for skills that look at the images
// of a prompt: 8-bit greyscale, RGB, palette, grey+alpha and RGBA images, not interlaced (what
// image libraries write by default). Anything else (a remote URL, a JPEG, 16-bit or interlaced
// PNG, a corrupt file, more than MAX_PIXELS) reads as no image: the skill then declines.
import { inflateSync } from "node:zlib";

export interface RgbImage {
  width: number;
  height: number;
  /** Red, green and blue of each pixel, row by row (alpha is dropped). */
  rgb: Uint8Array;
}

const MAX_PIXELS = 4_194_304;
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL = /^data:image\/png;base64,/i;
/** Bytes per pixel by colour type, at 8 bits a channel. */
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes each scanline's filter; undefined for an unknown filter type. */
function unfilter(data: Uint8Array, height: number, stride: number, bpp: number): Uint8Array | undefined {
  const out = new Uint8Array(height * stride);
  const zero = new Uint8Array(stride);
  for (let row = 0; row < height; row++) {
    const filter = data[row * (stride + 1)]!;
    const raw = data.subarray(row * (stride + 1) + 1, (row + 1) * (stride + 1));
    const line = out.subarray(row * stride, (row + 1) * stride);
    const above = row > 0 ? out.subarray((row - 1) * stride, row * stride) : zero;
    switch (filter) {
      case 0:
        line.set(raw);
        break;
      case 1:
        for (let i = 0; i < stride; i++) line[i] = raw[i]! + (i >= bpp ? line[i - bpp]! : 0);
        break;
      case 2:
        for (let i = 0; i < stride; i++) line[i] = raw[i]! + above[i]!;
        break;
      case 3:
        for (let i = 0; i < stride; i++) line[i] = raw[i]! + (((i >= bpp ? line[i - bpp]! : 0) + above[i]!) >> 1);
        break;
      case 4:
        for (let i = 0; i < stride; i++) line[i] = raw[i]! + (i >= bpp ? paeth(line[i - bpp]!, above[i]!, above[i - bpp]!) : above[i]!);
        break;
      default:
        return undefined;
    }
  }
  return out;
}

function toRgb(pixels: Uint8Array, count: number, colorType: number, palette: Uint8Array | undefined): Uint8Array | undefined {
  if (colorType === 2) return pixels;
  const rgb = new Uint8Array(count * 3);
  const channels = CHANNELS[colorType]!;
  for (let p = 0; p < count; p++) {
    const at = p * channels;
    const source = colorType === 3 ? palette : pixels;
    // Palette: the entry's colour; RGBA: the pixel's own; grey (with or without alpha): one level thrice.
    const from = colorType === 3 ? pixels[at]! * 3 : at;
    const grey = colorType === 0 || colorType === 4;
    if (!source || from + (grey ? 1 : 3) > source.length) return undefined;
    rgb[p * 3] = source[from]!;
    rgb[p * 3 + 1] = source[grey ? from : from + 1]!;
    rgb[p * 3 + 2] = source[grey ? from : from + 2]!;
  }
  return rgb;
}

/** The image a data URL holds, or undefined when it is not a PNG this reads. */
export function decodePngDataUrl(url: string): RgbImage | undefined {
  if (!DATA_URL.test(url)) return undefined;
  const bytes = Buffer.from(url.slice(url.indexOf(",") + 1), "base64");
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(SIGNATURE)) return undefined;
  let header: { width: number; height: number; depth: number; colorType: number; interlace: number } | undefined;
  let palette: Uint8Array | undefined;
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (body.length < length) return undefined;
    if (type === "IHDR" && length >= 13) header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8]!, colorType: body[9]!, interlace: body[12]! };
    else if (type === "PLTE") palette = body;
    else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") break;
    at += 12 + length;
  }
  if (!header || header.depth !== 8 || header.interlace !== 0 || CHANNELS[header.colorType] === undefined) return undefined;
  const { width, height, colorType } = header;
  if (width === 0 || height === 0 || width * height > MAX_PIXELS) return undefined;
  const bpp = CHANNELS[colorType]!;
  const stride = width * bpp;
  let data: Buffer;
  try {
    data = inflateSync(Buffer.concat(idat), { maxOutputLength: height * (stride + 1) });
  } catch {
    return undefined;
  }
  if (data.length < height * (stride + 1)) return undefined;
  const pixels = unfilter(data, height, stride, bpp);
  const rgb = pixels && toRgb(pixels, width * height, colorType, palette);
  return rgb ? { width, height, rgb } : undefined;
}

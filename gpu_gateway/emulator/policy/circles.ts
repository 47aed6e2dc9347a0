// Finding the coloured circles of an image (the circle environments' pictures: filled discs of
// named colours on white): each disc is a connected region of pixels of its colour. Colours are
// named by the palette the reference's image generator paints with; a pixel is a colour's when
// it is within a small distance of it, so a slightly re-encoded image still reads.
import type { Turn } from "../messages.ts";
import { decodePngDataUrl } from "./png.ts";
import type { RgbImage } from "./png.ts";

const PALETTE: Readonly<Record<string, readonly [number, number, number]>> = {
  red: [220, 50, 47],
  blue: [38, 139, 210],
  green: [133, 153, 0],
  yellow: [181, 137, 0],
  purple: [108, 113, 196],
  orange: [203, 75, 22],
  cyan: [42, 161, 152],
  pink: [211, 54, 130],
};

export interface Disc {
  color: string;
  /** The centre (the mean of its pixels' positions) in pixels. */
  x: number;
  y: number;
}

const TOLERANCE = 24;
/** Fewer pixels than this is a speck, not a circle. */
const MIN_AREA = 4;
const COLORS = Object.keys(PALETTE);

/** The palette index of each pixel (-1: none). */
function colourIndex(image: RgbImage): Int8Array {
  const index = new Int8Array(image.width * image.height).fill(-1);
  const swatches = COLORS.map((name) => PALETTE[name]!);
  for (let p = 0; p < index.length; p++) {
    const r = image.rgb[p * 3]!;
    const g = image.rgb[p * 3 + 1]!;
    const b = image.rgb[p * 3 + 2]!;
    if (r + g + b > 765 - TOLERANCE) continue; // white background: no swatch is near it
    for (let c = 0; c < swatches.length; c++) {
      const [sr, sg, sb] = swatches[c]!;
      if (Math.abs(r - sr) + Math.abs(g - sg) + Math.abs(b - sb) <= TOLERANCE) {
        index[p] = c;
        break;
      }
    }
  }
  return index;
}

/** Every disc of the image, in the order their top-left pixels come (row by row). */
export function discs(image: RgbImage): Disc[] {
  const { width, height } = image;
  const colour = colourIndex(image);
  const seen = new Uint8Array(colour.length);
  const stack = new Int32Array(colour.length);
  const found: Disc[] = [];
  for (let start = 0; start < colour.length; start++) {
    if (colour[start] === -1 || seen[start]) continue;
    const c = colour[start]!;
    let top = 0;
    let area = 0;
    let sumX = 0;
    let sumY = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % width;
      const y = (p - x) / width;
      area++;
      sumX += x;
      sumY += y;
      for (let n = 0; n < 4; n++) {
        const q = n === 0 ? (x > 0 ? p - 1 : -1) : n === 1 ? (x < width - 1 ? p + 1 : -1) : n === 2 ? (y > 0 ? p - width : -1) : y < height - 1 ? p + width : -1;
        if (q === -1 || seen[q] || colour[q] !== c) continue;
        seen[q] = 1;
        stack[top++] = q;
      }
    }
    if (area >= MIN_AREA) found.push({ color: COLORS[c]!, x: sumX / area, y: sumY / area });
  }
  return found;
}

// A colour word just before "circle" ("the yellow circle", "pink circles"); anchored at a word
// start, so a long run of letters is tried once, not from each of its positions.
const NAMED = /\b([a-z]+) circles?\b/gi;

/** The last palette colour the text names as a circle's ("Click on the yellow circle."). */
export function namedColour(text: string): string | undefined {
  let named: string | undefined;
  for (const [, word] of text.matchAll(NAMED)) if (Object.hasOwn(PALETTE, word!.toLowerCase())) named = word!.toLowerCase();
  return named;
}

/** The first image of the last user message that has one, decoded; undefined when there is none this reads. */
export function promptImage(turns: readonly Turn[]): RgbImage | undefined {
  const url = turns.findLast((turn) => turn.role === "user" && turn.images?.length)?.images?.[0];
  return url === undefined ? undefined : decodePngDataUrl(url);
}

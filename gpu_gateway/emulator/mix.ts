// A small integer hash (murmur3's finaliser over a running state): deterministic, well spread, and
// cheap enough to call once per generated token.
function mix32(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) {
    h = Math.imul(h ^ (value >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A uniform draw in [0, 1) fixed by its inputs. */
export function uniform(...values: number[]): number {
  return mix32(...values) / 2 ** 32;
}

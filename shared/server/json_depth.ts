// How deep JSON text nests, read off the raw text before it is parsed: JSON.parse copes with any
// depth, but JSON.stringify (every echo of a body) and recursive walks overflow the stack on
// thousands of levels. One linear pass, no recursion, no allocation; exact for valid JSON, where a
// quote outside a string always opens one and a backslash only ever occurs inside one.

/** Whether arrays and objects in `text` nest more than `limit` levels (a top-level `{}` is one). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c /* \ */) i++;
      else if (code === 0x22 /* " */) inString = false;
      continue;
    }
    switch (code) {
      case 0x22 /* " */:
        inString = true;
        break;
      case 0x5b /* [ */:
      case 0x7b /* { */:
        if (++depth > limit) return true;
        break;
      case 0x5d /* ] */:
      case 0x7d /* } */:
        depth--;
    }
  }
  return false;
}

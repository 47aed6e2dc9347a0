// Formatting density (Arena-Hard's style elements plus emoji) for the group style penalty: headers,
// list items, bold spans and emoji per character of the answer, code blocks left out of both.
const CODE_BLOCK = /```[\s\S]*?```/g;
const HEADER = /^#{1,6}\s/gmu;
const ORDERED_ITEM = /^\s*\p{Nd}+\.\s/gmu;
const UNORDERED_ITEM = /^\s*[-*+]\s/gmu;
const BOLD_ASTERISKS = /\*\*[^*\n]+\*\*/gu;
const BOLD_UNDERSCORES = /__[^_\n]+__/gu;
// The reference's ranges, as written (the wide one also covers some non-emoji symbols).
const EMOJI =
  /[\u{1F600}-\u{1F64F}\u{1F300}-\u{1F5FF}\u{1F680}-\u{1F6FF}\u{1F1E0}-\u{1F1FF}\u{2702}-\u{27B0}\u{24C2}-\u{1F251}\u{1F900}-\u{1F9FF}\u{1FA00}-\u{1FA6F}\u{1FA70}-\u{1FAFF}\u{2600}-\u{26FF}\u{2700}-\u{27BF}]/gu;

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

export function styleElements(text: string): number {
  const prose = text.replace(CODE_BLOCK, "");
  return count(prose, HEADER) + count(prose, ORDERED_ITEM) + count(prose, UNORDERED_ITEM) + count(prose, BOLD_ASTERISKS) + count(prose, BOLD_UNDERSCORES) + count(prose, EMOJI);
}

/** Style elements per character (code points, as Python counts them); 0 for an empty answer. */
export function styleDensity(text: string): number {
  const prose = text.replace(CODE_BLOCK, "");
  const length = [...prose.trim()].length;
  return length === 0 ? 0 : styleElements(prose) / length;
}

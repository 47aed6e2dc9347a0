// `emoji.is_emoji(char)` for one code point: the single code points of the emoji package's table
// are Unicode's Emoji property less the keycap bases (digits, "#", "*") and the regional indicator
// letters, which the table lists only inside sequences (keycaps, flags). Checked against the
// package's table for every code point; the engine's Unicode version may add newer emoji.
const EMOJI = /^\p{Emoji}$/u;
const ONLY_IN_SEQUENCES = /^[0-9#*\u{1F1E6}-\u{1F1FF}]$/u;

export const isEmoji = (char: string): boolean => EMOJI.test(char) && !ONLY_IN_SEQUENCES.test(char);

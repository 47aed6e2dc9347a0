// Our own 5x5 block letters for figlet_font's generator (the library renders words with pyfiglet's
// fonts, which are not ours to ship): each glyph row by row, '#' for ink; a "font" here is the
// character the ink is drawn with.
const GLYPHS: Record<string, string> = {
  A: " ### |#   #|#####|#   #|#   #",
  B: "#### |#   #|#### |#   #|#### ",
  C: " ####|#    |#    |#    | ####",
  D: "#### |#   #|#   #|#   #|#### ",
  E: "#####|#    |#### |#    |#####",
  F: "#####|#    |#### |#    |#    ",
  G: " ####|#    |#  ##|#   #| ####",
  H: "#   #|#   #|#####|#   #|#   #",
  I: "#####|  #  |  #  |  #  |#####",
  J: "#####|   # |   # |#  # | ##  ",
  K: "#   #|#  # |###  |#  # |#   #",
  L: "#    |#    |#    |#    |#####",
  M: "#   #|## ##|# # #|#   #|#   #",
  N: "#   #|##  #|# # #|#  ##|#   #",
  O: " ### |#   #|#   #|#   #| ### ",
  P: "#### |#   #|#### |#    |#    ",
  Q: " ### |#   #|# # #|#  # | ## #",
  R: "#### |#   #|#### |#  # |#   #",
  S: " ####|#    | ### |    #|#### ",
  T: "#####|  #  |  #  |  #  |  #  ",
  U: "#   #|#   #|#   #|#   #| ### ",
  V: "#   #|#   #|#   #| # # |  #  ",
  W: "#   #|#   #|# # #|## ##|#   #",
  X: "#   #| # # |  #  | # # |#   #",
  Y: "#   #| # # |  #  |  #  |  #  ",
  Z: "#####|   # |  #  | #   |#####",
};

export const FONTS: Record<string, string> = { hash: "#", at: "@", star: "*", block: "\u2588", dollar: "$" };

/** A word (letters A..Z) in block letters, one space between letters (three with `spaced`). */
export function renderBlock(word: string, font: string, spaced: boolean): string {
  const ink = FONTS[font]!;
  const glyphs = [...word].map((letter) => GLYPHS[letter]!.split("|"));
  const gap = spaced ? "   " : " ";
  return Array.from({ length: 5 }, (_, row) => glyphs.map((g) => g[row]!.replaceAll("#", ink)).join(gap).trimEnd()).join("\n");
}

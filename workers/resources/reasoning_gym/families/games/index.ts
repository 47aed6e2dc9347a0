// reasoning-gym's games families, each in its own module here.
import type { Family } from "../family.ts";
import boxnet from "./boxnet.ts";
import countdown from "./countdown.ts";
import emojiMystery from "./emoji_mystery.ts";
import futoshiki from "./futoshiki.ts";
import kakurasu from "./kakurasu.ts";
import knightSwap from "./knight_swap.ts";
import mahjongPuzzle from "./mahjong_puzzle.ts";
import maze from "./maze.ts";
import miniSudoku from "./mini_sudoku.ts";
import nQueens from "./n_queens.ts";
import puzzle24 from "./puzzle24.ts";
import rushHour from "./rush_hour.ts";
import sokoban from "./sokoban.ts";
import sudoku from "./sudoku.ts";
import survo from "./survo.ts";
import towerOfHanoi from "./tower_of_hanoi.ts";
import tsumego from "./tsumego.ts";

export default [boxnet, countdown, emojiMystery, futoshiki, kakurasu, knightSwap, mahjongPuzzle, maze, miniSudoku, nQueens, puzzle24, rushHour, sokoban, sudoku, survo, towerOfHanoi, tsumego] satisfies Family[];

// The games families against the library: every pinned score below is what
// reasoning-gym 0.1.26.dev0 (49b07130) gives the same answer for the same task (tasks from its own
// generators, or its tests' hand-made entries), where we do not deviate on purpose (the
// "deviations" blocks). Validity families also get other valid solutions and broken ones.
import { describe, expect, it } from "vitest";
import { family, score } from "./support.ts";
import type { Entry } from "../../../../../workers/resources/reasoning_gym/families/family.ts";
import games from "../../../../../workers/resources/reasoning_gym/families/games/index.ts";
import { Rng } from "../../../../../workers/resources/reasoning_gym/families/rng.ts";

const row = (name: string, metadata: Record<string, unknown>, answer: string | null = null): Entry => ({ question: "", answer, metadata: { source_dataset: name, ...metadata } });

/** [family, task row, [answer, the library's score]...]: the library's scores, pinned. */
const PINNED: [string, Entry, [string | null, number][]][] = [
  ["countdown", {"question": "", "answer": "49*(85 - 1)/14 - 42 - 73", "metadata": {"source_dataset": "countdown", "source_index": 0, "numbers": [73, 85, 1, 42, 14, 49], "target": 179, "expression": "49*(85 - 1)/14 - 42 - 73", "difficulty": {"numbers": [4, 6], "target": [100, 999], "value": [1, 100]}}}, [
    ["49*(85 - 1)/14 - 42 - 73", 1.0],
    [" 49*(85-1)/14-42-73 ", 1.0],
    ["(49*(85 - 1)/14 - 42 - 73)", 1.0],
    ["49*(85 - 1)/14 - 42 - 73 # done", 1.0],
    ["49*(85 - 1)/14 - 42 - 73+0", 0.05],
    ["73+85+1+42+14+49", 0.05],
    ["45+2", 0.05],
    ["a wrong solution", 0.01],
    ["", 0.01],
    [null, 0.01],
    ["1/0", 0.01],
    ["73-85-1-42-14-49/0", 0.01],
    ["(73+85+1+42+14+49)*0/0", 0.05],
    ["179", 0.05],
  ]],
  ["countdown", {"question": "", "answer": null, "metadata": {"source_dataset": "countdown", "numbers": [1, 1, 1, 81], "target": 81}}, [
    ["1*81", 0.05],
    ["1*1*1*81", 1.0],
    ["81*1*1/1", 1.0],
    ["81/(1+1-1)/1", 0.05],
  ]],
  ["countdown", {"question": "", "answer": null, "metadata": {"source_dataset": "countdown", "numbers": [6, 34, 1, 11], "target": 17}}, [
    ["6*34/11-1", 0.05],
    ["6*34/(11+1)", 1.0],
    ["(6*34+11-11)/12", 0.05],
  ]],
  ["countdown", {"question": "", "answer": null, "metadata": {"source_dataset": "countdown", "numbers": [500, 1, 3], "target": 500}}, [
    ["500+1/3", 0.05],
    ["500-1/3", 0.05],
    ["500*3/3+1", 0.05],
  ]],
  ["puzzle24", {"question": "", "answer": "8*(5*1 - 2)", "metadata": {"source_dataset": "puzzle24", "source_index": 0, "numbers": [5, 1, 2, 8], "difficulty": {"value": [1, 10]}}}, [
    ["8*(5*1 - 2)", 1.0],
    [" 8*(5*1 - 2) ", 1.0],
    ["(8*(5*1 - 2))", 1.0],
    ["5+1+2+8", 0.01],
    ["8*(5*1 - 2)+0", 0.01],
    ["", 0.01],
    [null, 0.01],
    ["not a valid expression", 0.01],
  ]],
  ["puzzle24", {"question": "", "answer": "", "metadata": {"source_dataset": "puzzle24", "numbers": [4, 5, 7, 8]}}, [
    ["4 + 5 + 7 + 8", 1.0],
    ["8+7+5+4", 1.0],
    ["1+2+3", 0.01],
    ["4*5*7*8", 0.01],
    ["4+5+7+8+0", 0.01],
  ]],
  ["emoji_mystery", {"question": "", "answer": "Optical science is your specialty.", "metadata": {"source_dataset": "emoji_mystery", "source_index": 0, "emoji": "\ud83d\ude3b", "num_words_in_sentence": 5, "difficulty": {"num_words_in_sentence": [3, 35]}}}, [
    ["Optical science is your specialty.", 1.0],
    ["Optical science is your specialtyx", 0.9705882352941176],
    ["Optical science is your specialty", 0.01],
    ["OPTICAL SCIENCE IS YOUR SPECIALTY.", 0.17647058823529413],
    ["", 0.01],
    [null, 0.0],
    ["xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 0.0],
  ]],
  ["emoji_mystery", {"question": "", "answer": "Test answer", "metadata": {"source_dataset": "emoji_mystery"}}, [
    ["Test answer", 1.0],
    ["Test answe", 0.01],
    ["Tast answer", 0.9090909090909091],
    [null, 0.0],
    ["T\ud83d\ude00st answer", 0.9090909090909091],
  ]],
  ["futoshiki", {"question": "", "answer": "3   4   2   1\n\u2228           \u2227\n2   3   1 < 4\n\u2227   \u2228        \n4   1   3   2\n             \n1   2   4   3", "metadata": {"source_dataset": "futoshiki", "source_index": 0, "puzzle": [[3, 0, 2, 0], [0, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]], "constraints": [[0, 0, 1, 0, ">"], [0, 3, 1, 3, "<"], [1, 0, 2, 0, "<"], [1, 1, 2, 1, ">"], [1, 2, 1, 3, "<"]], "solution": [[3, 4, 2, 1], [2, 3, 1, 4], [4, 1, 3, 2], [1, 2, 4, 3]], "board_size": 4, "difficulty_rating": 2, "difficulty": {"board_size": [4, 4], "difficulty": [0, 3]}}}, [
    ["3   4   2   1\n\u2228           \u2227\n2   3   1 < 4\n\u2227   \u2228        \n4   1   3   2\n             \n1   2   4   3", 1.0],
    ["3   4   2   1   \n\u2228           \u2227   \n2   3   1 < 4   \n\u2227   \u2228           \n4   1   3   2   \n                \n1   2   4   3   ", 0.8220338983050848],
    ["3 4 2 1\n\u2228     \u2227\n2 3 1 < 4\n\u2227 \u2228    \n4 1 3 2\n     \n1 2 4 3", 0.9],
    ["This is an anwser 3   4   2   1\n\u2228           \u2227\n2   3   1 < 4\n\u2227   \u2228        \n4   1   3   2\n             \n1   2   4   3\nwith surrounding text.", 0.6326086956521739],
    ["3   4   2   2\n\u2228           \u2227\n2   3   2 < 4\n\u2227   \u2228        \n4   2   3   2\n             \n2   2   4   3", 0.675],
    ["1   2   4   3\n             \n4   1   3   2\n\u2227   \u2228        \n2   3   1 < 4\n\u2228           \u2227\n3   4   2   1", 0.0],
    ["3   4   2   1 \u2228           \u2227 2   3   1 < 4 \u2227   \u2228         4   1   3   2               1   2   4   3", 0.0],
    ["", 0.0],
    [null, 0.0],
    ["x\n3   4   2   1\n\u2228           \u2227\n2   3   1 < 4\n\u2227   \u2228        \n4   1   3   2\n             \n1   2   4   3", 0.8818181818181818],
  ]],
  ["sudoku", {"question": "", "answer": "3 4 2 8 1 9 7 5 6\n1 9 8 5 6 7 2 4 3\n7 6 5 3 2 4 1 8 9\n8 2 9 6 7 5 4 3 1\n5 3 1 2 4 8 9 6 7\n6 7 4 9 3 1 8 2 5\n2 1 6 4 9 3 5 7 8\n4 8 7 1 5 6 3 9 2\n9 5 3 7 8 2 6 1 4", "metadata": {"source_dataset": "sudoku", "source_index": 0, "puzzle": [[3, 4, 0, 0, 1, 0, 0, 0, 0], [1, 9, 8, 0, 0, 0, 0, 4, 3], [0, 6, 5, 3, 2, 4, 0, 8, 9], [8, 0, 0, 6, 0, 0, 0, 0, 0], [0, 3, 1, 0, 4, 0, 0, 6, 0], [6, 0, 4, 0, 3, 1, 8, 2, 5], [2, 1, 6, 0, 0, 0, 0, 7, 8], [0, 0, 7, 1, 5, 6, 3, 9, 2], [0, 5, 3, 7, 8, 2, 0, 0, 4]], "solution": [[3, 4, 2, 8, 1, 9, 7, 5, 6], [1, 9, 8, 5, 6, 7, 2, 4, 3], [7, 6, 5, 3, 2, 4, 1, 8, 9], [8, 2, 9, 6, 7, 5, 4, 3, 1], [5, 3, 1, 2, 4, 8, 9, 6, 7], [6, 7, 4, 9, 3, 1, 8, 2, 5], [2, 1, 6, 4, 9, 3, 5, 7, 8], [4, 8, 7, 1, 5, 6, 3, 9, 2], [9, 5, 3, 7, 8, 2, 6, 1, 4]], "num_empty": 35, "difficulty": {"empty": [30, 50]}}}, [
    ["3 4 2 8 1 9 7 5 6\n1 9 8 5 6 7 2 4 3\n7 6 5 3 2 4 1 8 9\n8 2 9 6 7 5 4 3 1\n5 3 1 2 4 8 9 6 7\n6 7 4 9 3 1 8 2 5\n2 1 6 4 9 3 5 7 8\n4 8 7 1 5 6 3 9 2\n9 5 3 7 8 2 6 1 4", 1.0],
    ["3 4 2 8 1 9 7 5 6   \n1 9 8 5 6 7 2 4 3   \n7 6 5 3 2 4 1 8 9   \n8 2 9 6 7 5 4 3 1   \n5 3 1 2 4 8 9 6 7   \n6 7 4 9 3 1 8 2 5   \n2 1 6 4 9 3 5 7 8   \n4 8 7 1 5 6 3 9 2   \n9 5 3 7 8 2 6 1 4   ", 0.8563829787234043],
    ["3 4 2 8 1 9 7 5 6\n1 9 8 5 6 7 2 4 3\n7 6 5 3 2 4 1 8 9\n8 2 9 6 7 5 4 3 1\n5 3 1 2 4 8 9 6 7\n6 7 4 9 3 1 8 2 5\n2 1 6 4 9 3 5 7 8\n4 8 7 1 5 6 3 9 2\n9 5 3 7 8 2 6 1 4", 1.0],
    ["This is an anwser 3 4 2 8 1 9 7 5 6\n1 9 8 5 6 7 2 4 3\n7 6 5 3 2 4 1 8 9\n8 2 9 6 7 5 4 3 1\n5 3 1 2 4 8 9 6 7\n6 7 4 9 3 1 8 2 5\n2 1 6 4 9 3 5 7 8\n4 8 7 1 5 6 3 9 2\n9 5 3 7 8 2 6 1 4\nwith surrounding text.", 0.7173267326732674],
    ["3 4 2 8 2 9 7 5 6\n2 9 8 5 6 7 2 4 3\n7 6 5 3 2 4 2 8 9\n8 2 9 6 7 5 4 3 2\n5 3 2 2 4 8 9 6 7\n6 7 4 9 3 2 8 2 5\n2 2 6 4 9 3 5 7 8\n4 8 7 2 5 6 3 9 2\n9 5 3 7 8 2 6 2 4", 0.7999999999999999],
    ["9 5 3 7 8 2 6 1 4\n4 8 7 1 5 6 3 9 2\n2 1 6 4 9 3 5 7 8\n6 7 4 9 3 1 8 2 5\n5 3 1 2 4 8 9 6 7\n8 2 9 6 7 5 4 3 1\n7 6 5 3 2 4 1 8 9\n1 9 8 5 6 7 2 4 3\n3 4 2 8 1 9 7 5 6", 0.09999999999999999],
    ["3 4 2 8 1 9 7 5 6 1 9 8 5 6 7 2 4 3 7 6 5 3 2 4 1 8 9 8 2 9 6 7 5 4 3 1 5 3 1 2 4 8 9 6 7 6 7 4 9 3 1 8 2 5 2 1 6 4 9 3 5 7 8 4 8 7 1 5 6 3 9 2 9 5 3 7 8 2 6 1 4", 0.0],
    ["", 0.0],
    [null, 0.0],
    ["x\n3 4 2 8 1 9 7 5 6\n1 9 8 5 6 7 2 4 3\n7 6 5 3 2 4 1 8 9\n8 2 9 6 7 5 4 3 1\n5 3 1 2 4 8 9 6 7\n6 7 4 9 3 1 8 2 5\n2 1 6 4 9 3 5 7 8\n4 8 7 1 5 6 3 9 2\n9 5 3 7 8 2 6 1 4", 0.8889570552147239],
  ]],
  ["mini_sudoku", {"question": "", "answer": "1 2 4 3\n4 3 1 2\n2 1 3 4\n3 4 2 1", "metadata": {"source_dataset": "mini_sudoku", "source_index": 0, "puzzle": [[0, 2, 0, 3], [0, 3, 1, 2], [2, 0, 0, 0], [0, 0, 2, 1]], "solution": [[1, 2, 4, 3], [4, 3, 1, 2], [2, 1, 3, 4], [3, 4, 2, 1]], "num_empty": 8, "difficulty": {"empty": [8, 12]}}}, [
    ["1 2 4 3\n4 3 1 2\n2 1 3 4\n3 4 2 1", 1.0],
    ["1 2 4 3   \n4 3 1 2   \n2 1 3 4   \n3 4 2 1   ", 0.7209302325581395],
    ["1 2 4 3\n4 3 1 2\n2 1 3 4\n3 4 2 1", 1.0],
    ["This is an anwser 1 2 4 3\n4 3 1 2\n2 1 3 4\n3 4 2 1\nwith surrounding text.", 0.3875],
    ["2 2 4 3\n4 3 2 2\n2 2 3 4\n3 4 2 2", 0.675],
    ["3 4 2 1\n2 1 3 4\n4 3 1 2\n1 2 4 3", 0.0],
    ["1 2 4 3 4 3 1 2 2 1 3 4 3 4 2 1", 0.0],
    ["", 0.0],
    [null, 0.0],
    ["x\n1 2 4 3\n4 3 1 2\n2 1 3 4\n3 4 2 1", 0.8454545454545456],
  ]],
  ["kakurasu", {"question": "", "answer": "0 0 1 0 1\n0 0 1 0 0\n0 1 0 1 0\n1 1 1 0 0\n0 0 0 1 0", "metadata": {"source_dataset": "kakurasu", "source_idx": 0, "n_rows": 5, "n_cols": 5, "p_ones": 0.3, "puzzle": [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]], "row_sums": [8, 3, 6, 6, 4], "col_sums": [4, 7, 7, 8, 1], "solution": [[0, 0, 1, 0, 1], [0, 0, 1, 0, 0], [0, 1, 0, 1, 0], [1, 1, 1, 0, 0], [0, 0, 0, 1, 0]], "difficulty": {"rows": [4, 5], "cols": [4, 5], "p_ones": 0.3}}}, [
    ["0 0 1 0 1\n0 0 1 0 0\n0 1 0 1 0\n1 1 1 0 0\n0 0 0 1 0", 1.0],
    ["00101\n00100\n01010\n11100\n00010", 1.0],
    ["grid:\n0 0 1 0 1\n0 0 1 0 0\n0 1 0 1 0\n1 1 1 0 0\n0 0 0 1 0", 0.0],
    ["0 0 1 0 1\n0 0 1 0 0\n0 1 0 1 0\n1 1 1 0 0\n0 0 0 1 0\n", 1.0],
    ["0 0 1 0 1\n\n0 0 1 0 0\n\n0 1 0 1 0\n\n1 1 1 0 0\n\n0 0 0 1 0", 0.0],
    ["0 0 2 0 2\n0 0 2 0 0\n0 2 0 2 0\n2 2 2 0 0\n0 0 0 2 0", 0.0],
    ["0 2 0 2 1 0 2 1\n0 2 0 2 1 0 2 0 2\n0 2 1 0 2 1 0 2\n1 1 1 0 2 0 2\n0 2 0 2 0 2 1 0 2", 1.0],
    ["", 0.0],
    [null, 0.0],
  ]],
  ["survo", {"question": "", "answer": "6 9 1 8 24\n4 1 3 2 10\n6 8 4 7 25\n9 2 4 1 16\n25 20 12 18 75", "metadata": {"source_dataset": "survo", "source_idx": 0, "puzzle": [[6, 9, 0, 8, 24], [0, 1, 0, 2, 10], [6, 8, 4, 7, 25], [9, 2, 0, 0, 16], [25, 20, 12, 18, 75]], "solution": [[6, 9, 1, 8, 24], [4, 1, 3, 2, 10], [6, 8, 4, 7, 25], [9, 2, 4, 1, 16], [25, 20, 12, 18, 75]], "candidate_numbers": [3, 1, 4, 1, 4], "board_size": 5, "num_empty": 5, "min_num": 1, "max_num": 9, "difficulty": {"board_size": [4, 5], "empty": [3, 5]}}}, [
    ["6 9 1 8 24\n4 1 3 2 10\n6 8 4 7 25\n9 2 4 1 16\n25 20 12 18 75", 1.0],
    ["answer:\n6 9 1 8 24\n4 1 3 2 10\n6 8 4 7 25\n9 2 4 1 16\n25 20 12 18 75\n", 1.0],
    ["6 , 9 , 1 , 8 , 24\n4 , 1 , 3 , 2 , 10\n6 , 8 , 4 , 7 , 25\n9 , 2 , 4 , 1 , 16\n25 , 20 , 12 , 18 , 75", 1.0],
    ["6 9 1 8 24\n\n4 1 3 2 10\n\n6 8 4 7 25\n\n9 2 4 1 16\n\n25 20 12 18 75", 1.0],
    ["6  9  1  8  24\n4  1  3  2  10\n6  8  4  7  25\n9  2  4  1  16\n25  20  12  18  75", 1.0],
    ["", 0.0],
    [null, 0.0],
    ["6 9 1 8 24\n4 1 3 2 10\n6 8 4 7 25\n9 2 4 1 16", 0.0],
  ]],
  ["knight_swap", {"question": "", "answer": "[\"w,C1,A2\", \"B,B3,C1\", \"w,D2,B3\", \"B,C1,D3\", \"w,B3,C1\", \"B,D3,B2\", \"w,C1,D3\", \"B,A1,B3\", \"w,D3,C1\", \"B,B3,D2\", \"w,C1,B3\", \"B,B2,D3\", \"w,B3,A1\", \"B,D3,B2\", \"w,A2,C1\", \"B,B2,D3\", \"w,C1,B3\", \"B,D3,C1\"]", "metadata": {"source_dataset": "knight_swap", "source_index": 0, "board": {"C1": ["A2", "B3", "D3"], "B2": ["D3"], "D3": ["B2", "C1"], "A2": ["C1"], "B3": ["A1", "C1", "D2"], "A1": ["B3"], "D2": ["B3"]}, "pieces": {"C1": "w", "B2": null, "D3": null, "A2": null, "B3": "B", "A1": "B", "D2": "w"}, "start_turn": "w", "solution": [["w", "C1", "A2"], ["B", "B3", "C1"], ["w", "D2", "B3"], ["B", "C1", "D3"], ["w", "B3", "C1"], ["B", "D3", "B2"], ["w", "C1", "D3"], ["B", "A1", "B3"], ["w", "D3", "C1"], ["B", "B3", "D2"], ["w", "C1", "B3"], ["B", "B2", "D3"], ["w", "B3", "A1"], ["B", "D3", "B2"], ["w", "A2", "C1"], ["B", "B2", "D3"], ["w", "C1", "B3"], ["B", "D3", "C1"]], "is_possible": true, "num_steps": 18, "board_states": [{"C1": "w", "B2": null, "D3": null, "A2": null, "B3": "B", "A1": "B", "D2": "w"}, {"C1": null, "B2": null, "D3": null, "A2": "w", "B3": "B", "A1": "B", "D2": "w"}, {"C1": "B", "B2": null, "D3": null, "A2": "w", "B3": null, "A1": "B", "D2": "w"}, {"C1": "B", "B2": null, "D3": null, "A2": "w", "B3": "w", "A1": "B", "D2": null}, {"C1": null, "B2": null, "D3": "B", "A2": "w", "B3": "w", "A1": "B", "D2": null}, {"C1": "w", "B2": null, "D3": "B", "A2": "w", "B3": null, "A1": "B", "D2": null}, {"C1": "w", "B2": "B", "D3": null, "A2": "w", "B3": null, "A1": "B", "D2": null}, {"C1": null, "B2": "B", "D3": "w", "A2": "w", "B3": null, "A1": "B", "D2": null}, {"C1": null, "B2": "B", "D3": "w", "A2": "w", "B3": "B", "A1": null, "D2": null}, {"C1": "w", "B2": "B", "D3": null, "A2": "w", "B3": "B", "A1": null, "D2": null}, {"C1": "w", "B2": "B", "D3": null, "A2": "w", "B3": null, "A1": null, "D2": "B"}, {"C1": null, "B2": "B", "D3": null, "A2": "w", "B3": "w", "A1": null, "D2": "B"}, {"C1": null, "B2": null, "D3": "B", "A2": "w", "B3": "w", "A1": null, "D2": "B"}, {"C1": null, "B2": null, "D3": "B", "A2": "w", "B3": null, "A1": "w", "D2": "B"}, {"C1": null, "B2": "B", "D3": null, "A2": "w", "B3": null, "A1": "w", "D2": "B"}, {"C1": "w", "B2": "B", "D3": null, "A2": null, "B3": null, "A1": "w", "D2": "B"}, {"C1": "w", "B2": null, "D3": "B", "A2": null, "B3": null, "A1": "w", "D2": "B"}, {"C1": null, "B2": null, "D3": "B", "A2": null, "B3": "w", "A1": "w", "D2": "B"}, {"C1": "B", "B2": null, "D3": null, "A2": null, "B3": "w", "A1": "w", "D2": "B"}], "difficulty": {"nodes": [6, 9], "pieces": [2, 2], "steps": [4, 20]}}}, [
    ["[\"w,C1,A2\", \"B,B3,C1\", \"w,D2,B3\", \"B,C1,D3\", \"w,B3,C1\", \"B,D3,B2\", \"w,C1,D3\", \"B,A1,B3\", \"w,D3,C1\", \"B,B3,D2\", \"w,C1,B3\", \"B,B2,D3\", \"w,B3,A1\", \"B,D3,B2\", \"w,A2,C1\", \"B,B2,D3\", \"w,C1,B3\", \"B,D3,C1\"]", 1.0],
    ["No", 0.0],
    ["", 0.0],
    [null, 0.0],
    ["Invalid", 0.0],
    ["[]", 0.05],
    ["[\"w,C1,A2\", \"B,B3,C1\", \"w,D2,B3\", \"B,C1,D3\", \"w,B3,C1\", \"B,D3,B2\", \"w,C1,D3\", \"B,A1,B3\", \"w,D3,C1\", \"B,B3,D2\", \"w,C1,B3\", \"B,B2,D3\", \"w,B3,A1\", \"B,D3,B2\", \"w,A2,C1\", \"B,B2,D3\", \"w,C1,B3\"]", 0.05],
    ["[\"B,B3,C1\", \"w,D2,B3\", \"B,C1,D3\", \"w,B3,C1\", \"B,D3,B2\", \"w,C1,D3\", \"B,A1,B3\", \"w,D3,C1\", \"B,B3,D2\", \"w,C1,B3\", \"B,B2,D3\", \"w,B3,A1\", \"B,D3,B2\", \"w,A2,C1\", \"B,B2,D3\", \"w,C1,B3\", \"B,D3,C1\"]", 0.0],
    ["[\"w,C1,A2\", \"B,B3,C1\", \"w,D2,B3\", \"B,C1,D3\", \"w,B3,C1\", \"B,D3,B2\", \"w,C1,D3\", \"B,A1,B3\", \"w,D3,C1\", \"B,B3,D2\", \"w,C1,B3\", \"B,B2,D3\", \"w,B3,A1\", \"B,D3,B2\", \"w,A2,C1\", \"B,B2,D3\", \"w,C1,B3\", \"B,D3,C1\", \"w,C1,B3\", \"B,D3,C1\"]", 0.0],
    ["[\"w, C1, A2\", \"B, B3, C1\", \"w, D2, B3\", \"B, C1, D3\", \"w, B3, C1\", \"B, D3, B2\", \"w, C1, D3\", \"B, A1, B3\", \"w, D3, C1\", \"B, B3, D2\", \"w, C1, B3\", \"B, B2, D3\", \"w, B3, A1\", \"B, D3, B2\", \"w, A2, C1\", \"B, B2, D3\", \"w, C1, B3\", \"B, D3, C1\"]", 0.0],
    ["['w,C1,A2', 'B,B3,C1', 'w,D2,B3', 'B,C1,D3', 'w,B3,C1', 'B,D3,B2', 'w,C1,D3', 'B,A1,B3', 'w,D3,C1', 'B,B3,D2', 'w,C1,B3', 'B,B2,D3', 'w,B3,A1', 'B,D3,B2', 'w,A2,C1', 'B,B2,D3', 'w,C1,B3', 'B,D3,C1']", 0.0],
    ["{\"a\": 1}", 0.0],
  ]],
  ["knight_swap", {"question": "", "answer": "No", "metadata": {"source_dataset": "knight_swap", "source_index": 9, "board": {"C1": ["A2", "B3", "D3"], "A2": ["C1", "C3"], "C3": ["A2", "B1"], "D2": ["B3"], "D3": ["C1"], "B1": ["C3"], "B3": ["C1", "D2"]}, "pieces": {"C1": null, "A2": null, "C3": "w", "D2": "w", "D3": null, "B1": "B", "B3": "B"}, "start_turn": "w", "solution": null, "is_possible": false, "num_steps": 0, "board_states": null, "difficulty": {"nodes": [6, 9], "pieces": [2, 2], "steps": [4, 20]}}}, [
    ["No", 1.0],
    ["no", 1.0],
    [" NO ", 1.0],
    ["Yes", 0.0],
    ["[]", 0.0],
    [null, 0.0],
  ]],
  ["n_queens", {"question": "", "answer": "_ _ _ Q _ _\nQ _ _ _ _ _\n_ _ _ _ Q _\n_ Q _ _ _ _\n_ _ _ _ _ Q\n_ _ Q _ _ _", "metadata": {"source_dataset": "n_queens", "source_index": 0, "puzzle": [["_", "_", "_", "_", "_", "_"], ["_", "_", "_", "_", "_", "_"], ["_", "_", "_", "_", "Q", "_"], ["_", "_", "_", "_", "_", "_"], ["_", "_", "_", "_", "_", "Q"], ["_", "_", "_", "_", "_", "_"]], "num_removed": 4, "valid_answers": ["_ _ _ Q _ _\nQ _ _ _ _ _\n_ _ _ _ Q _\n_ Q _ _ _ _\n_ _ _ _ _ Q\n_ _ Q _ _ _"], "difficulty": {"n": 6, "num_removed": [2, 4]}}}, [
    ["_ _ _ Q _ _\nQ _ _ _ _ _\n_ _ _ _ Q _\n_ Q _ _ _ _\n_ _ _ _ _ Q\n_ _ Q _ _ _", 1.0],
    ["_ _ _ Q _ _\nQ _ _ _ _ _\n_ _ _ _ Q _\n_ Q _ _ _ _\n_ _ _ _ _ Q\n_ _ Q _ _ _\n", 0.0],
    ["___Q__\nQ_____\n____Q_\n_Q____\n_____Q\n__Q___", 0.0],
    ["[['_', '_', '_', 'Q', '_', '_'], ['Q', '_', '_', '_', '_', '_'], ['_', '_', '_', '_', 'Q', '_'], ['_', 'Q', '_', '_', '_', '_'], ['_', '_', '_', '_', '_', 'Q'], ['_', '_', 'Q', '_', '_', '_']]", 0.5],
    ["['___Q__', 'Q_____', '____Q_', '_Q____', '_____Q', '__Q___']", 0.5],
    ["(('_', '_', '_', 'Q', '_', '_'), ('Q', '_', '_', '_', '_', '_'), ('_', '_', '_', '_', 'Q', '_'), ('_', 'Q', '_', '_', '_', '_'), ('_', '_', '_', '_', '_', 'Q'), ('_', '_', 'Q', '_', '_', '_'))", 0.5],
    ["_ _ Q _ _ _\n_ _ _ _ _ Q\n_ Q _ _ _ _\n_ _ _ _ Q _\nQ _ _ _ _ _\n_ _ _ Q _ _", 0.0],
    ["_ _ _ _\n_ _ _ _\n_ _ _ _\n_ _ _ _", 0.0],
    [null, 0.0],
    ["", 0.0],
  ]],
  ["tower_of_hanoi", {"question": "", "answer": "Move disk 1 from Peg 1 to Peg 3\nMove disk 2 from Peg 1 to Peg 4\nMove disk 3 from Peg 1 to Peg 2\nMove disk 2 from Peg 4 to Peg 2\nMove disk 1 from Peg 3 to Peg 2", "metadata": {"source_dataset": "tower_of_hanoi", "source_index": 0, "num_disks": 3, "num_pegs": 4, "start_peg": 1, "target_peg": 2, "auxiliary_pegs": [3, 4], "solution_length": 5, "difficulty": {"num_disks": [3, 3], "num_pegs": [3, 4]}}}, [
    ["Move disk 1 from Peg 1 to Peg 3\nMove disk 2 from Peg 1 to Peg 4\nMove disk 3 from Peg 1 to Peg 2\nMove disk 2 from Peg 4 to Peg 2\nMove disk 1 from Peg 3 to Peg 2", 1.0],
    ["Move disk 1 from Peg 1 to Peg 3\nMove disk 1 from Peg 3 to Peg 1\nMove disk 1 from Peg 1 to Peg 3\nMove disk 2 from Peg 1 to Peg 4\nMove disk 3 from Peg 1 to Peg 2\nMove disk 2 from Peg 4 to Peg 2\nMove disk 1 from Peg 3 to Peg 2", 0.7142857142857143],
    ["Move disk 1 from Peg 1 to Peg 3\nMove disk 2 from Peg 1 to Peg 4\nMove disk 3 from Peg 1 to Peg 2\nMove disk 2 from Peg 4 to Peg 2", 0.05],
    ["Move disk 1 from Peg 1 to Peg 3\r\nMove disk 2 from Peg 1 to Peg 4\r\nMove disk 3 from Peg 1 to Peg 2\r\nMove disk 2 from Peg 4 to Peg 2\r\nMove disk 1 from Peg 3 to Peg 2", 1.0],
    ["1. Move disk 1 from Peg 1 to Peg 3\nMove disk 2 from Peg 1 to Peg 4\nMove disk 3 from Peg 1 to Peg 2\nMove disk 2 from Peg 4 to Peg 2\nMove disk 1 from Peg 3 to Peg 2", 0.0],
    ["move disk 1 from Peg 1 to Peg 3\nmove disk 2 from Peg 1 to Peg 4\nmove disk 3 from Peg 1 to Peg 2\nmove disk 2 from Peg 4 to Peg 2\nmove disk 1 from Peg 3 to Peg 2", 0.0],
    ["Move disk 1 from peg 1 to peg 3\nMove disk 2 from peg 1 to peg 4\nMove disk 3 from peg 1 to peg 2\nMove disk 2 from peg 4 to peg 2\nMove disk 1 from peg 3 to peg 2", 0.0],
    ["Move disk 1 from Peg 1 to Peg 3\nMove disk 2 from Peg 1 to Peg 4\nMove disk 3 from Peg 1 to Peg 2\nMove disk 2 from Peg 4 to Peg 2\nMove disk 1 from Peg 3 to Peg 2 now", 0.0],
    ["", 0.0],
    [null, 0.0],
  ]],
  ["rush_hour", {"question": "", "answer": null, "metadata": {"source_dataset": "rush_hour", "source_index": 0, "board_config": "ooxCCCoooooFAAoooFoooDDDoooEEEoooooo", "min_moves": 4, "difficulty": {"moves": [1, 4]}}}, [
    ["C-1 D-1 E+2 A+4", 1.0],
    ["C-1D-1E+2A+4", 1.0],
    ["c-1 d-1 e+2 a+4", 0.01],
    ["C-1 D-1 E+2", 0.01],
    ["A-1 C-1 D-1 E+2 A+4", 1.0],
    ["A+9", 0.01],
    ["", 0.0],
    [null, 0.0],
  ]],
  ["sokoban", {"question": "", "answer": "URUURULRDDRDLL", "metadata": {"source_dataset": "sokoban", "source_index": 0, "gamestr": "+ + + + + + +  \n+ + X @ - - +  \n+ - - - - - +  \n+ - - - - - +  \n+ - X - @ - +  \n+ - * - - - +  \n+ + + + + + +  \n\n", "width": 7, "height": 7, "difficulty": {"width": [6, 7], "height": [6, 7]}}}, [
    ["URUURULRDDRDLL", 1.0],
    ["uruurulrddrdll", 0.0],
    ["URUURULRDDRDL", 0.0],
    ["U R U U R U L R D D R D L L", 1.0],
    ["", 0.0],
    [null, 0.0],
  ]],
  ["tsumego", {"question": "", "answer": "F8", "metadata": {"source_dataset": "tsumego", "source_index": 0, "board": [[".", ".", ".", "O", ".", "X", ".", ".", "."], [".", ".", "O", ".", "X", ".", "X", ".", "."], [".", "X", "X", "X", "O", "O", "O", "X", "."], ["O", ".", ".", ".", "X", "O", "O", ".", "."], [".", ".", ".", ".", ".", "X", ".", ".", "."], [".", ".", ".", ".", ".", ".", ".", ".", "X"], [".", ".", "O", ".", "X", ".", ".", ".", "."], [".", ".", "X", "O", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", ".", ".", ".", "."]], "board_size": 9, "difficulty": {"board_size": [9, 9]}}}, [
    ["F8", 1.0],
    ["f8", 1.0],
    [" F8 ", 1.0],
    ["A1", 0.05],
    ["the move is F8", 0.14285714285714285],
    ["F8!", 0.6666666666666666],
    ["pass", 0.01],
    ["", 0.0],
    [null, 0.0],
    ["A\u0661", 0.05],
  ]],
  ["boxnet", {"question": "", "answer": null, "metadata": {"source_dataset": "boxnet", "source_index": 0, "row_num": 2, "column_num": 3, "initial_state": {"0.5_0.5": ["target_blue"], "0.5_1.5": ["target_red", "box_blue", "target_green"], "0.5_2.5": [], "1.5_0.5": ["box_red", "box_green"], "1.5_1.5": [], "1.5_2.5": []}, "difficulty": {"row_num": [1, 2], "column_num": [2, 3], "box_num": [1, 1]}}}, [
    ["[{\"Agent[0.5, 1.5]\": \"move(box_blue, square[0.5, 0.5])\"}, {\"Agent[0.5, 0.5]\": \"move(box_blue, target_blue)\"}, {\"Agent[1.5, 0.5]\": \"move(box_red, square[0.5, 0.5])\"}, {\"Agent[0.5, 0.5]\": \"move(box_red, square[0.5, 1.5])\"}, {\"Agent[0.5, 1.5]\": \"move(box_red, target_red)\"}, {\"Agent[1.5, 0.5]\": \"move(box_green, square[0.5, 0.5])\"}, {\"Agent[0.5, 0.5]\": \"move(box_green, square[0.5, 1.5])\"}, {\"Agent[0.5, 1.5]\": \"move(box_green, target_green)\"}]", 1.0],
    ["[{\"Agent[0.5, 1.5]\": \"move(box_blue, square[0.5, 0.5])\"}]", 0.05],
    ["[]", 0.05],
    ["{}", 0.05],
    ["{\"a\": \"b\"}", 0.0],
    ["not json", 0.0],
    [null, 0.0],
    ["[{\"Agent[0.5]\": \"move(box_red, target_red)\"}]", 0.0],
    ["[{\"Agent[0.5, 0.5]\": 3}]", 0.0],
    ["[{\"Agent[0.5, 0.5]\": \"move(box_red,square[1.5, 0.5])\"}]", 0.05],
  ]],
  ["maze", {"question": "", "answer": "5", "metadata": {"source_dataset": "maze", "source_index": 0, "grid_size": 7, "grid": ["<<<<<<<", "<w_w<w<", "<wwwww<", "<w<<ww<", "<w<<ww<", "<J<www<", "<<<<<<<"], "shortest_path_length": 5, "start": "J", "goal": "_", "wall": "<", "path": "w", "difficulty": {"dist": [5, 10], "grid_size": [5, 10]}}}, [
    ["5", 1.0],
    [" 5", 0.5],
    ["5!!", 0.3333333333333333],
    ["x5y", 0.3333333333333333],
    ["", 0.0],
    [null, 0.0],
  ]],
  ["mahjong_puzzle", {"question": "", "answer": "Peng", "metadata": {"source_dataset": "mahjong_puzzle", "source_index": 0, "rounds": [{"add": "T", "remove": "W", "cards": "NQVSPHBDPUDKT", "result": "Chi"}, {"add": "O", "remove": "U", "cards": "NQVSPHBDPDKTO", "result": "Chi"}, {"add": "D", "remove": "T", "cards": "NQVSPHBDPDKOD", "result": "Peng"}, {"add": "P", "remove": "P", "cards": "NQVSHBDPDKODP", "result": "Peng"}, {"add": "P", "remove": "V", "cards": "NQSHBDPDKODPP", "result": "Peng"}, {"add": "D", "remove": "O", "cards": "NQSHBDPDKDPPD", "result": "Peng"}, {"add": "O", "remove": "S", "cards": "NQHBDPDKDPPDO", "result": "Pass"}, {"add": "D", "remove": "N", "cards": "QHBDPDKDPPDOD", "result": "Peng"}, {"add": "D", "remove": "B", "cards": "QHDPDKDPPDODD", "result": "Peng"}, {"add": "P", "remove": "K", "cards": "QHDPDDPPDODDP", "result": "Peng"}, {"add": "D", "remove": "D", "cards": "QHPDDPPDODDPD", "result": "Peng"}, {"add": "G", "remove": "P", "cards": "QHDDPPDODDPDG", "result": "Pass"}, {"add": "F", "remove": "P", "cards": "QHDDPDODDPDGF", "result": "Chi"}, {"add": "F", "remove": "D", "cards": "QHDPDODDPDGFF", "result": "Chi"}, {"add": "E", "remove": "O", "cards": "QHDPDDDPDGFFE", "result": "Chi"}, {"add": "R", "remove": "G", "cards": "QHDPDDDPDFFER", "result": "Chi"}, {"add": "P", "remove": "F", "cards": "QHDPDDDPDFERP", "result": "Peng"}], "solution": "Peng", "difficulty": {"num_rounds": [10, 50]}}}, [
    ["Peng", 1.0],
    [" Peng", 0.8],
    ["Peng!!", 0.6666666666666666],
    ["xPengy", 0.6666666666666666],
    ["", 0.0],
    [null, 0.0],
  ]],
];

/** The pinned cases of one family, as `it` blocks in its describe. */
function pinned(name: string): void {
  const tasks = PINNED.filter(([n]) => n === name);
  it("scores as the library does (pinned)", () => {
    expect(tasks.length).toBeGreaterThan(0);
    for (const [, entry, cases] of tasks) for (const [answer, expected] of cases) expect([answer, score(name, answer, entry)]).toEqual([answer, expected]);
  });
}

/** A 500 KB answer of each hostile shape scores in bounded time (generous: the machine is shared). */
function staysFast(name: string, entry: Entry): void {
  it("stays fast on 500 KB hostile answers", () => {
    const shapes = ["1+".repeat(250_000), "(".repeat(500_000), "9".repeat(500_000), "[".repeat(500_000), '["w,A1,B3",'.repeat(45_000), "Move disk 1 from Peg 1 to Peg ".repeat(16_000), "A+1 ".repeat(125_000), "UDLR".repeat(125_000), "1\n".repeat(250_000), "Q _ ".repeat(125_000), "move(".repeat(100_000), `[${'{"Agent[0.5, 0.5]": "move(box_red, square[0.5, 1.5])"},'.repeat(9_000)}{}]`];
    for (const answer of shapes) {
      const start = performance.now();
      const s = score(name, answer.slice(0, 500_000), entry);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(performance.now() - start).toBeLessThan(1000);
    }
  });
}

const taskOf = (name: string): Entry => PINNED.find(([n]) => n === name)![1];

for (const name of ["boxnet", "countdown", "emoji_mystery", "futoshiki", "kakurasu", "knight_swap", "mahjong_puzzle", "maze", "mini_sudoku", "n_queens", "puzzle24", "rush_hour", "sokoban", "sudoku", "survo", "tower_of_hanoi", "tsumego"])
  describe(name, () => {
    it("is registered in the games category", () => {
      expect(family(name).category).toBe("games");
    });
    pinned(name);
    staysFast(name, taskOf(name));
  });

describe("countdown deviations and edges", () => {
  const task = row("countdown", { numbers: [2, 5, 4], target: 10 });
  it("reads only integer arithmetic (the library would give 1.0 to 2.5*4 and to powers)", () => {
    expect(score("countdown", "2.5*4", task)).toBe(0.01);
    expect(score("countdown", "2**5-4*5-2", row("countdown", { numbers: [2, 5, 4, 5, 2], target: 10 }))).toBe(0.01);
    expect(family("countdown").deviations?.length).toBeGreaterThan(0);
  });
  it("scores division by zero as unreadable (SymPy's zoo) and 0/0 as a wrong value (nan)", () => {
    expect(score("countdown", "(2+5+4)/0", task)).toBe(0.01);
    expect(score("countdown", "(2-2)*(5-4)/0", row("countdown", { numbers: [2, 2, 5, 4], target: 10 }))).toBe(0.05);
  });
  it("follows Python's tokenizer on whitespace and literals", () => {
    expect(score("countdown", "(2*\n5)*4/4", row("countdown", { numbers: [2, 5, 4, 4], target: 10 }))).toBe(1);
    expect(score("countdown", "2*5\n*4/4", row("countdown", { numbers: [2, 5, 4, 4], target: 10 }))).toBe(0.01);
    expect(score("countdown", "02*5+4-4", row("countdown", { numbers: [2, 5, 4, 4], target: 10 }))).toBe(0.01);
    expect(score("countdown", "2*5*(4/4) # with a comment", row("countdown", { numbers: [2, 5, 4, 4], target: 10 }))).toBe(1);
    expect(score("countdown", "(".repeat(199) + "2*5*4/4" + ")".repeat(199), row("countdown", { numbers: [2, 5, 4, 4], target: 10 }))).toBe(1);
    expect(score("countdown", "(".repeat(200) + "2*5*4/4" + ")".repeat(200), row("countdown", { numbers: [2, 5, 4, 4], target: 10 }))).toBe(0.01);
  });
  it("accepts a value within numpy's isclose of the target", () => {
    expect(score("countdown", "500+1/300", row("countdown", { numbers: [500, 1, 300], target: 500 }))).toBe(1);
    expect(score("countdown", "500+300/1", row("countdown", { numbers: [500, 1, 300], target: 500 }))).toBe(0.05);
  });
});

describe("puzzle24 deviations", () => {
  const task = row("puzzle24", { numbers: [8, 3, 1, 2] });
  it("needs exactly 24 (the library truncates 24.5 to 24)", () => {
    expect(score("puzzle24", "8*3+1/2", task)).toBe(0.01);
    expect(score("puzzle24", "8*3*(2-1)", task)).toBe(1);
    expect(score("puzzle24", "(2+1)*8*3/3", task)).toBe(0.01);
  });
  it("needs the puzzle's own numbers (the library takes any four from 1 to 10)", () => {
    expect(score("puzzle24", "10+10+2+2", task)).toBe(0.01);
    expect(score("puzzle24", "2*(8+3+1)", task)).toBe(1);
    expect(family("puzzle24").deviations?.length).toBe(3);
  });
});

describe("kakurasu validity", () => {
  const task = row("kakurasu", { n_rows: 3, n_cols: 3, row_sums: [3, 3, 3], col_sums: [3, 3, 3] }, "0 0 1\n0 0 1\n1 1 0");
  it("accepts either solution of a puzzle with two", () => {
    expect(score("kakurasu", "0 0 1\n0 0 1\n1 1 0", task)).toBe(1);
    expect(score("kakurasu", "1 1 0\n1 1 0\n0 0 1", task)).toBe(1);
  });
  it("refuses broken sums, a wrong size and garbage", () => {
    expect(score("kakurasu", "1 1 0\n1 1 0\n1 1 0", task)).toBe(0);
    expect(score("kakurasu", "1 1 0\n1 1 0", task)).toBe(0);
    expect(score("kakurasu", "0 0 0 1\n0 0 1\n1 1 0", task)).toBe(0);
    expect(score("kakurasu", "garbage", task)).toBe(0);
  });
});

describe("survo validity (a deviation: the library compares with its stored matrix)", () => {
  const task = row("survo", { board_size: 4, puzzle: [[0, 0, 3, 6], [0, 0, 3, 6], [4, 4, 4, 12], [7, 7, 10, 24]], candidate_numbers: [1, 2, 2, 1], solution: [[1, 2, 3, 6], [2, 1, 3, 6], [4, 4, 4, 12], [7, 7, 10, 24]] }, "1 2 3 6\n2 1 3 6\n4 4 4 12\n7 7 10 24");
  it("accepts the stored fill and another valid one", () => {
    expect(score("survo", "1 2 3 6\n2 1 3 6\n4 4 4 12\n7 7 10 24", task)).toBe(1);
    expect(score("survo", "2 1 3 6\n1 2 3 6\n4 4 4 12\n7 7 10 24", task)).toBe(1);
    expect(family("survo").deviations?.length).toBe(1);
  });
  it("refuses other numbers, changed givens, broken sums and a wrong size", () => {
    expect(score("survo", "3 0 3 6\n0 3 3 6\n4 4 4 12\n7 7 10 24", task)).toBe(0);
    expect(score("survo", "1 2 3 6\n2 1 3 6\n4 4 4 12\n7 7 10 25", task)).toBe(0);
    expect(score("survo", "1 1 3 6\n2 2 3 6\n4 4 4 12\n7 7 10 24", task)).toBe(0);
    expect(score("survo", "1 2 3 6\n2 1 3 6\n4 4 4 12", task)).toBe(0);
    expect(score("survo", "1 2 3 6 0\n2 1 3 6\n4 4 4 12\n7 7 10 24", task)).toBe(0);
  });
});

describe("n_queens validity", () => {
  const puzzle = [["_", "Q", "_", "_"], ["_", "_", "_", "_"], ["_", "_", "_", "_"], ["_", "_", "_", "_"]];
  const task = row("n_queens", { puzzle }, "_ Q _ _\n_ _ _ Q\nQ _ _ _\n_ _ Q _");
  it("accepts a valid completion written as the puzzle, and 0.5 for one written as a Python list", () => {
    expect(score("n_queens", "_ Q _ _\n_ _ _ Q\nQ _ _ _\n_ _ Q _", task)).toBe(1);
    expect(score("n_queens", "[['_', 'Q', '_', '_'], ['_', '_', '_', 'Q'], ['Q', '_', '_', '_'], ['_', '_', 'Q', '_']]", task)).toBe(0.5);
    expect(score("n_queens", '("_Q__", "___Q", "Q___", "__Q_")', task)).toBe(0.5);
  });
  it("refuses attacking queens, a dropped given queen and other layouts", () => {
    expect(score("n_queens", "_ _ Q _\nQ _ _ _\n_ _ _ Q\n_ Q _ _", task)).toBe(0);
    expect(score("n_queens", "_ Q _ _\n_ _ _ Q\n_ _ Q _\nQ _ _ _", task)).toBe(0);
    expect(score("n_queens", "_ Q _ _ \n_ _ _ Q\nQ _ _ _\n_ _ Q _", task)).toBe(0);
    expect(score("n_queens", "[['_Q__']]", task)).toBe(0);
  });
  it("falls back on the library's list of valid boards for a row without its puzzle", () => {
    const bare = row("n_queens", { valid_answers: ["_ Q _ _\n_ _ _ Q\nQ _ _ _\n_ _ Q _"] });
    expect(score("n_queens", "[['_', 'Q', '_', '_'], ['_', '_', '_', 'Q'], ['Q', '_', '_', '_'], ['_', '_', 'Q', '_']]", bare)).toBe(0.5);
    expect(score("n_queens", "_ Q _ _\n_ _ _ Q\nQ _ _ _\n_ _ Q _", bare)).toBe(1);
  });
});

describe("tower_of_hanoi validity", () => {
  const task = row("tower_of_hanoi", { num_disks: 2, num_pegs: 4, start_peg: 1, target_peg: 4, solution_length: 3 });
  it("accepts any legal solution, scaling longer ones", () => {
    expect(score("tower_of_hanoi", "Move disk 1 from Peg 1 to Peg 2\nMove disk 2 from Peg 1 to Peg 4\nMove disk 1 from Peg 2 to Peg 4", task)).toBe(1);
    expect(score("tower_of_hanoi", "Move disk 1 from Peg 1 to Peg 3\nMove disk 2 from Peg 1 to Peg 4\nMove disk 1 from Peg 3 to Peg 4", task)).toBe(1);
    expect(score("tower_of_hanoi", "Move disk 1 from Peg 1 to Peg 3\nMove disk 1 from Peg 3 to Peg 2\nMove disk 2 from Peg 1 to Peg 4\nMove disk 1 from Peg 2 to Peg 4", task)).toBe(0.75);
  });
  it("refuses illegal moves and unknown pegs; an unfinished legal sequence scores 0.05", () => {
    expect(score("tower_of_hanoi", "Move disk 2 from Peg 1 to Peg 4", task)).toBe(0);
    expect(score("tower_of_hanoi", "Move disk 1 from Peg 1 to Peg 9", task)).toBe(0);
    expect(score("tower_of_hanoi", "Move disk 1 from Peg 1 to Peg 2", task)).toBe(0.05);
  });
});

describe("knight_swap, rush_hour, sokoban and boxnet: other valid solutions", () => {
  it("knight_swap accepts another swap, and a longer one scaled", () => {
    // A 4-cycle A1-E1-B1-C1: white on A1, black on B1.
    const board = { A1: ["E1", "C1"], E1: ["A1", "B1"], B1: ["E1", "C1"], C1: ["B1", "A1"] };
    const solution = ["w,A1,E1", "B,B1,C1", "w,E1,B1", "B,C1,A1"];
    const task = row("knight_swap", { board, pieces: { A1: "w", B1: "B", E1: null, C1: null }, start_turn: "w", solution, is_possible: true });
    expect(score("knight_swap", JSON.stringify(solution), task)).toBe(1);
    expect(score("knight_swap", '["w,A1,C1", "B,B1,E1", "w,C1,B1", "B,E1,A1"]', task)).toBe(1);
    expect(score("knight_swap", JSON.stringify(["w,A1,E1", "B,B1,C1", "w,E1,A1", "B,C1,B1", ...solution]), task)).toBe(0.5);
    expect(score("knight_swap", '["w,A1,E1", "B,B1,C1"]', task)).toBe(0.05);
    expect(score("knight_swap", '["B,B1,E1"]', task)).toBe(0);
    expect(score("knight_swap", '["w,A1,B1"]', task)).toBe(0);
  });
  it("rush_hour accepts moves that waste time but end with the red car out", () => {
    // Red car AA on row 2 at columns 0-1, a vertical car B at column 3 covering rows 1-2.
    const config = "oooooo" + "oooBoo" + "AAoBoo" + "oooooo" + "oooooo" + "oooooo";
    const task = row("rush_hour", { board_config: config, min_moves: 2 });
    expect(score("rush_hour", "B-1 A+4", task)).toBe(1);
    expect(score("rush_hour", "B+1 B-2 A+1 A-1 A+9", task)).toBe(1);
    expect(score("rush_hour", "A+4", task)).toBe(0.01);
    expect(score("rush_hour", "C+1 A+4", task)).toBe(0);
  });
  it("sokoban accepts any move string that leaves every box on a goal", () => {
    const gamestr = "+ + + + + +\n+ * @ X - +\n+ - - - - +\n+ + + + + +\n";
    const task = row("sokoban", { gamestr, width: 6, height: 4 }, "R");
    expect(score("sokoban", "R", task)).toBe(1);
    expect(score("sokoban", "DULR", task)).toBe(1);
    expect(score("sokoban", "RR", task)).toBe(0);
    expect(score("sokoban", "D", task)).toBe(0);
  });
  it("boxnet scores the share of boxes matched, with a floor of 0.05", () => {
    const task = row("boxnet", { row_num: 1, column_num: 2, initial_state: { "0.5_0.5": ["box_red", "box_blue"], "0.5_1.5": ["target_red", "target_blue"] } });
    const step = (agent: string, action: string) => ({ [agent]: action });
    expect(score("boxnet", JSON.stringify([step("Agent[0.5, 0.5]", "move(box_red, square[0.5, 1.5])"), step("Agent[0.5, 1.5]", "move(box_red, target_red)")]), task)).toBe(0.5);
    expect(score("boxnet", JSON.stringify([step("Agent[0.5, 0.5]", "move(box_blue, square[0.5, 1.5])"), step("Agent[0.5, 0.5]", "move(box_red, square[0.5, 1.5])"), { "Agent[0.5, 1.5]": "move(box_red, target_red)" }, { "Agent[0.5, 1.5]": "move(box_blue, target_blue)" }]), task)).toBe(1);
    expect(score("boxnet", JSON.stringify([step("Agent[0.5, 0.5]", "move(box_red, target_red)")]), task)).toBe(0.05);
    expect(score("boxnet", JSON.stringify([step("Agent[0.5, 0.5]", "move(box_red, square[1.5, 0.5])")]), task)).toBe(0);
  });
  it("boxnet moves only boxes (a deviation: the library lets an agent carry a target)", () => {
    const task = row("boxnet", { row_num: 1, column_num: 2, initial_state: { "0.5_0.5": ["box_red"], "0.5_1.5": ["target_red"] } });
    expect(score("boxnet", JSON.stringify([{ "Agent[0.5, 1.5]": "move(target_red, square[0.5, 0.5])" }, { "Agent[0.5, 0.5]": "move(box_red, target_red)" }]), task)).toBe(0.05);
    expect(family("boxnet").deviations?.length).toBe(1);
  });
});

/** A plan for a generated boxnet task: each box walked square by square to a target of its colour. */
function boxnetPlan(state: Record<string, string[]>): Record<string, string>[] {
  const items = new Map(Object.entries(state).map(([square, list]) => [square, [...list]]));
  const plan: Record<string, string>[] = [];
  const at = (square: string) => square.split("_").map(Number) as [number, number];
  for (const [square, list] of [...items].map(([s, l]) => [s, [...l]] as const))
    for (const item of list.filter((i) => i.startsWith("box_"))) {
      const colour = item.slice(4);
      const goal = [...items].find(([, l]) => l.includes(`target_${colour}`))![0];
      let [x, y] = at(square);
      const [gx, gy] = at(goal);
      while (x !== gx || y !== gy) {
        const [nx, ny] = x !== gx ? [x + Math.sign(gx - x), y] : [x, y + Math.sign(gy - y)];
        plan.push({ [`Agent[${x}, ${y}]`]: `move(${item}, square[${nx}, ${ny}])` });
        [x, y] = [nx, ny];
      }
      plan.push({ [`Agent[${x}, ${y}]`]: `move(${item}, target_${colour})` });
      items.get(goal)!.splice(items.get(goal)!.indexOf(`target_${colour}`), 1);
    }
  return plan;
}

describe("generators", () => {
  const generated = games.filter((f) => f.generate);
  const generate = (name: string, seed: number, index: number, config: Record<string, unknown> = {}) => family(name).generate!(new Rng(seed, index), config, index);
  /** The row as the server would hold it (JSON), and an answer that solves it. */
  const solvedRow = (name: string, entry: Entry): [Entry, string] => {
    const row = JSON.parse(JSON.stringify(entry)) as Entry;
    return [row, name === "boxnet" ? JSON.stringify(boxnetPlan(row.metadata.initial_state as Record<string, string[]>)) : row.answer!];
  };

  it("cover every games family", () => {
    expect(generated.map((f) => f.name).sort()).toEqual(games.map((f) => f.name).sort());
    expect(generated).toHaveLength(17);
  });

  for (const { name } of generated)
    describe(name, () => {
      it("gives the same task for the same seed, index and config, and others for others", () => {
        expect(generate(name, 3, 5)).toEqual(generate(name, 3, 5));
        const tasks = new Set(Array.from({ length: 8 }, (_, i) => JSON.stringify(generate(name, 3, i))));
        expect(tasks.size).toBeGreaterThan(4);
      });
      it("makes tasks whose answer scores 1.0 and a wrong answer does not", () => {
        for (let i = 0; i < 20; i++) {
          const entry = generate(name, 9, i);
          expect(entry.metadata).toMatchObject({ source_dataset: name, source_index: i });
          expect(entry.metadata.difficulty).toBeTypeOf("object");
          const [row, answer] = solvedRow(name, entry);
          expect([i, score(name, answer, row)]).toEqual([i, 1]);
          expect(score(name, "wrong", row)).toBeLessThan(1);
          // A solution played twice still solves some puzzles; elsewhere it is no answer.
          if (family(name).scorer !== "validity") expect(score(name, `${answer}\n${answer}`, row)).toBeLessThan(1);
        }
      });
    });

  it("follow the library's difficulty parameters", () => {
    const countdown = generate("countdown", 1, 0, { min_numbers: 3, max_numbers: 3, min_target: 10, max_target: 50, shuffle: false });
    expect((countdown.metadata.numbers as number[]).length).toBe(3);
    expect(countdown.metadata.target).toBeGreaterThanOrEqual(10);
    expect(countdown.metadata.target).toBeLessThanOrEqual(50);
    const sudoku = generate("sudoku", 1, 0, { min_empty: 40, max_empty: 40 });
    expect((sudoku.metadata.puzzle as number[][]).flat().filter((v) => v === 0).length).toBe(40);
    const mini = generate("mini_sudoku", 1, 0, { min_empty: 10, max_empty: 10 });
    expect(mini.metadata.num_empty).toBe(10);
    const queens = generate("n_queens", 1, 0, { n: 5, min_remove: 3, max_remove: 3 });
    expect((queens.metadata.puzzle as string[][]).flat().filter((c) => c === "Q").length).toBe(2);
    const hanoi = generate("tower_of_hanoi", 1, 0, { min_disks: 5, max_disks: 5, min_pegs: 3, max_pegs: 3 });
    expect(hanoi.metadata.solution_length).toBe(31);
    const hanoi4 = generate("tower_of_hanoi", 1, 0, { min_disks: 5, max_disks: 5, min_pegs: 4, max_pegs: 4 });
    expect(hanoi4.metadata.solution_length).toBe(13);
    const survo = generate("survo", 1, 0, { min_board_size: 6, max_board_size: 6, min_empty: 9, max_empty: 9 });
    expect((survo.metadata.candidate_numbers as number[]).length).toBe(9);
    const kakurasu = generate("kakurasu", 1, 0, { min_rows: 3, max_rows: 3, min_cols: 6, max_cols: 6 });
    expect([kakurasu.metadata.n_rows, kakurasu.metadata.n_cols]).toEqual([3, 6]);
    const maze = generate("maze", 1, 0, { min_dist: 3, max_dist: 3 });
    expect(maze.answer).toBe("3");
    const boxnet = generate("boxnet", 1, 0, { min_row_num: 2, max_row_num: 2, min_column_num: 3, max_column_num: 3, min_box_num: 2, max_box_num: 2, colour_list: ["red"] });
    expect(Object.keys(boxnet.metadata.initial_state as object)).toHaveLength(6);
    expect(Object.values(boxnet.metadata.initial_state as Record<string, string[]>).flat().filter((i) => i === "box_red")).toHaveLength(2);
    const emoji = generate("emoji_mystery", 1, 0, { min_words_in_sentence: 4, max_words_in_sentence: 4 });
    expect(emoji.answer!.split(" ")).toHaveLength(4);
    const mahjong = generate("mahjong_puzzle", 1, 0, { min_num_rounds: 3, max_num_rounds: 3 });
    expect(mahjong.metadata.rounds).toHaveLength(3);
    const knights = generate("knight_swap", 1, 0, { min_nodes: 8, max_nodes: 8, impossible_ratio: 0 });
    expect(Object.keys(knights.metadata.board as object)).toHaveLength(8);
    expect(knights.metadata.is_possible).toBe(true);
    const noSwap = generate("knight_swap", 1, 0, { impossible_ratio: 1 });
    expect([noSwap.answer, noSwap.metadata.is_possible]).toEqual(["No", false]);
    const futoshiki = generate("futoshiki", 1, 0, { min_board_size: 5, max_board_size: 5, min_difficulty: 3, max_difficulty: 3 });
    expect([futoshiki.metadata.board_size, futoshiki.metadata.difficulty_rating]).toEqual([5, 3]);
    expect(futoshiki.answer!.split("\n")).toHaveLength(9);
    const rush = generate("rush_hour", 1, 0, { min_moves: 3, max_moves: 4 });
    expect(rush.metadata.min_moves).toBeGreaterThanOrEqual(3);
    expect(rush.answer!.split(" ")).toHaveLength(rush.metadata.min_moves as number);
    const soko = generate("sokoban", 1, 0, { min_w: 7, max_w: 7, min_h: 8, max_h: 8, min_boxes: 2, max_boxes: 2 });
    expect([soko.metadata.width, soko.metadata.height]).toEqual([7, 8]);
    expect((soko.metadata.gamestr as string).match(/[@$]/g)).toHaveLength(2);
    const go = generate("tsumego", 1, 0, { min_board_size: 7, max_board_size: 7, max_stones: 8 });
    expect(go.metadata.board_size).toBe(7);
    expect(go.answer).toMatch(/^[A-G][1-7]$/);
    const p24 = generate("puzzle24", 1, 0, { operators: ["+", "*"], min_value: 2, max_value: 9 });
    expect(p24.answer).not.toMatch(/[-/]/);
  });

  it("refuse invalid configs, naming the field", () => {
    expect(() => generate("countdown", 1, 0, { min_numbers: 1 })).toThrow(/min_numbers/);
    expect(() => generate("countdown", 1, 0, { operators: ["^"] })).toThrow(/operators/);
    expect(() => generate("puzzle24", 1, 0, { max_value: 11 })).toThrow(/max_value/);
    expect(() => generate("sudoku", 1, 0, { min_empty: 50, max_empty: 40 })).toThrow(/max_empty/);
    expect(() => generate("mini_sudoku", 1, 0, { max_empty: 13 })).toThrow(/max_empty/);
    expect(() => generate("n_queens", 1, 0, { n: 13 })).toThrow(/\bn\b/);
    expect(() => generate("n_queens", 1, 0, { n: 6, max_remove: 7 })).toThrow(/max_remove/);
    expect(() => generate("tower_of_hanoi", 1, 0, { min_pegs: 2 })).toThrow(/min_pegs/);
    expect(() => generate("kakurasu", 1, 0, { p_ones: 1.5 })).toThrow(/p_ones/);
    expect(() => generate("survo", 1, 0, { min_num: 5, max_num: 5 })).toThrow(/max_num/);
    expect(() => generate("maze", 1, 0, { min_grid_size: "big" })).toThrow(/min_grid_size/);
    expect(() => generate("boxnet", 1, 0, { colour_list: [] })).toThrow(/colour_list/);
    expect(() => generate("emoji_mystery", 1, 0, { min_words_in_sentence: 0 })).toThrow(/min_words_in_sentence/);
    expect(() => generate("mahjong_puzzle", 1, 0, { min_num_rounds: 5, max_num_rounds: 4 })).toThrow(/max_num_rounds/);
    expect(() => generate("knight_swap", 1, 0, { min_nodes: 5 })).toThrow(/min_nodes/);
    expect(() => generate("tsumego", 1, 0, { max_board_size: 20 })).toThrow(/max_board_size/);
    expect(() => generate("futoshiki", 1, 0, { max_difficulty: 4 })).toThrow(/max_difficulty/);
    expect(() => generate("rush_hour", 1, 0, { min_moves: 0 })).toThrow(/min_moves/);
    expect(() => generate("sokoban", 1, 0, { max_w: 21 })).toThrow(/max_w/);
    expect(() => generate("knight_swap", 1, 0, { impossible_ratio: 2 })).toThrow(/impossible_ratio/);
  });
});

import { describe, expect, test } from "vitest";
import { pin, scored, staysFast } from "./support.ts";
import { FAMILIES } from "../../../../../workers/resources/reasoning_gym/families/index.ts";
import type { Entry } from "../../../../../workers/resources/reasoning_gym/families/family.ts";
import { Rng } from "../../../../../workers/resources/reasoning_gym/families/rng.ts";

const withAnswer = (name: string, answer: string): Entry => ({ question: "", answer, metadata: { source_dataset: name } });

describe("color_cube_rotation", () => {
  test("the colour, stripped and in any case, 1.0; anything else 0.01", () => {
    pin({"question": "", "answer": "indigo", "metadata": {"source_dataset": "color_cube_rotation"}}, [
      ["indigo", 1.0],
      [" INDIGO\n", 1.0],
      ["dark indigo", 0.01],
      ["", 0.01],
      ["x", 0.01],
    ]);
  });
  test("no answer 0; a 500 KB answer stays fast", () => {
    expect(scored(null, withAnswer("color_cube_rotation", "red"))).toBe(0);
    staysFast(withAnswer("color_cube_rotation", "red"), ["red ", " "]);
  });
});

describe("figlet_font", () => {
  test("the word (spaces dropped, any case) 1.0; else 0.1 a character in place, at most 1.0 (the library's tests: WESTY for TESTY 0.4)", () => {
    pin({"question": "", "answer": "TESTY", "metadata": {"source_dataset": "figlet_font"}}, [
      ["TESTY", 1.0],
      ["WESTY", 0.4],
      ["t e s t y", 1.0],
      ["testy ", 1.0],
      ["TESTYXX", 0.5],
      ["T", 0.1],
      ["ABCDEFGHIJKLMNOPQRSTUVWXY", 0.0],
      ["", 0.0],
      ["TEST", 0.4],
      ["\tTESTY\n", 1.0],
      ["ＴESTY", 0.4],
    ]);
    pin({"question": "", "answer": "ABCDEFGHIJKLMN", "metadata": {"source_dataset": "figlet_font"}}, [
      ["ABCDEFGHIJKLMN", 1.0],
      ["ABCDEFGHIJKLMX", 1.0],
      ["ABC", 0.30000000000000004],
      ["xBCDEFGHIJKLMN", 1.0],
    ]);
  });
  test("no answer 0; a 500 KB answer stays fast", () => {
    expect(scored(null, withAnswer("figlet_font", "TESTY"))).toBe(0);
    staysFast(withAnswer("figlet_font", "TESTY"), ["TESTY", " "]);
  });
});

describe("modulo_grid", () => {
  test("the library's base scorer", () => {
    pin({"question": "", "answer": "❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌❌❌❌\n❌❌✅❌❌❌❌✅❌❌❌✅❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅✅❌❌❌❌❌❌❌✅✅❌❌❌❌❌\n❌❌❌❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌❌❌❌\n❌❌✅❌❌❌❌✅❌❌❌✅❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅✅❌❌❌❌❌❌❌✅✅❌❌❌❌❌\n❌❌❌❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌❌❌❌\n❌❌✅❌❌❌❌✅❌❌❌✅❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅✅❌❌❌❌❌❌❌✅✅❌❌❌❌❌\n❌❌❌❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌❌❌❌", "metadata": {"source_dataset": "modulo_grid"}}, [
      ["❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌❌❌❌\n❌❌✅❌❌❌❌✅❌❌❌✅❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅✅❌❌❌❌❌❌❌✅✅❌❌❌❌❌\n❌❌❌❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌❌❌❌\n❌❌✅❌❌❌❌✅❌❌❌✅❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅✅❌❌❌❌❌❌❌✅✅❌❌❌❌❌\n❌❌❌❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌❌❌❌\n❌❌✅❌❌❌❌✅❌❌❌✅❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅✅❌❌❌❌❌❌❌✅✅❌❌❌❌❌\n❌❌❌❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌❌❌❌", 1.0],
      ["❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌❌❌❌\n❌❌✅❌❌❌❌✅❌❌❌✅❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅✅❌❌❌❌❌❌❌✅✅❌❌❌❌❌\n❌❌❌❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌❌❌❌\n❌❌✅❌❌❌❌✅❌❌❌✅❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅✅❌❌❌❌❌❌❌✅✅❌❌❌❌❌\n❌❌❌❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌❌❌❌\n❌❌✅❌❌❌❌✅❌❌❌✅❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅✅❌❌❌❌❌❌❌✅✅❌❌❌❌❌\n❌❌❌❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌\n❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌❌\n❌❌❌❌✅❌❌❌❌❌❌❌❌✅❌❌❌❌❌❌\n", 0.9976190476190476],
      ["x", 0.0],
    ]);
  });
});

describe("needle_haystack", () => {
  test("the name, spaces dropped and in any case, 1.0; else 0", () => {
    pin({"question": "", "answer": "Luk", "metadata": {"source_dataset": "needle_haystack"}}, [
      ["Luk", 1.0],
      ["LUK", 1.0],
      ["L u k", 1.0],
      ["david bowie rules", 0.0],
      ["", 0.0],
    ]);
  });
  test("no answer 0; a 500 KB answer stays fast", () => {
    expect(scored(null, withAnswer("needle_haystack", "Kit"))).toBe(0);
    staysFast(withAnswer("needle_haystack", "Kit"), ["Kit ", " "]);
  });
});

describe("number_sequence", () => {
  test("the library's base scorer", () => {
    pin({"question": "", "answer": "0", "metadata": {"source_dataset": "number_sequence"}}, [
      ["0", 1.0],
      [" 0", 0.5],
      ["-0", 0.5],
      ["x", 0.0],
    ]);
  });
});

describe("rectangle_count", () => {
  test("the count read by int(): exact 1.0, one to four off 0.8 x (1 - d/5), else 0", () => {
    pin({"question": "", "answer": "3", "metadata": {"source_dataset": "rectangle_count"}}, [
      ["3", 1.0],
      ["4", 0.6400000000000001],
      ["1", 0.48],
      ["7", 0.15999999999999998],
      ["8", 0.0],
      [" 3 ", 1.0],
      ["+3", 1.0],
      ["1_0", 0.0],
      ["x", 0.0],
      ["", 0.0],
      ["3.0", 0.0],
      ["١", 0.48],
    ]);
    pin({"question": "", "answer": "1", "metadata": {"source_dataset": "rectangle_count"}}, [
      ["1", 1.0],
      ["2", 0.6400000000000001],
      ["-1", 0.48],
      ["5", 0.15999999999999998],
      ["6", 0.0],
      [" 1 ", 1.0],
      ["+1", 1.0],
      ["1_0", 0.0],
      ["x", 0.0],
      ["", 0.0],
      ["1.0", 0.0],
      ["١", 1.0],
    ]);
    pin({"question": "", "answer": "4", "metadata": {"source_dataset": "rectangle_count"}}, [
      ["4", 1.0],
      ["5", 0.6400000000000001],
      ["2", 0.48],
      ["8", 0.15999999999999998],
      ["9", 0.0],
      [" 4 ", 1.0],
      ["+4", 1.0],
      ["1_0", 0.0],
      ["x", 0.0],
      ["", 0.0],
      ["4.0", 0.0],
      ["١", 0.32000000000000006],
    ]);
  });
  test("no answer, or a stored count int() refuses, 0; a 500 KB answer stays fast", () => {
    expect(scored(null, withAnswer("rectangle_count", "3"))).toBe(0);
    expect(scored("3", withAnswer("rectangle_count", "three"))).toBe(0);
    // The stored count loses its newlines first.
    expect(scored("12", withAnswer("rectangle_count", "1\n2"))).toBe(1);
    staysFast(withAnswer("rectangle_count", "3"), ["9", " "]);
  });
});

describe("rubiks_cube", () => {
  test("any sequence that solves the scrambled cube 1.0; anything else 0.01 (the library's partial credit never runs: it reads a Cube.faces magiccube 0.3.0 lacks)", () => {
    pin({"question": "", "answer": null, "metadata": {"source_dataset": "rubiks_cube", "cube_size": 3, "scramble_moves": "B D U' U' R"}}, [
      ["R' B' F D F' D' R D R' B D' U' R U U R' U U B U' B' R' U U R U' B' U B F U U F' U L' U L U F U' F' U L U' L' U' B' U B B U' B' U' R' U R U' U' B' U B U L U' L' F R U R' U' R U R' U' F' U' U' R U R' U R U U R' U U R' D' R D R' D' R D U R' D' R D R' D' R D R' D' R D R' D' R D U'", 1.0],
      ["R", 0.01],
      ["a wrong solution", 0.01],
      ["", 0.01],
      ["R2 R3 R4 R5 R'2 R'3", 0.01],
      ["R' B' F D F' D' R D R' B D' U' R U U R' U U B U' B' R' U U R U' B' U B F U U F' U L' U L U F U' F' U L U' L' U' B' U B B U' B' U' R' U R U' U' B' U B U L U' L' F R U R' U' R U R' U' F' U' U' R U R' U R U U R' U U R' D' R D R' D' R D U R' D' R D R' D' R D R' D' R D R' D' R D U' R R R R", 1.0],
      ["R' B' F D F' D' R D R' B D' U' R U U R' U U B U' B' R' U U R U' B' U B F U U F' U L' U L U F U' F' U L U' L' U' B' U B B U' B' U' R' U R U' U' B' U B U L U' L' F R U R' U' R U R' U' F' U' U' R U R' U R U U R' U U R' D' R D R' D' R D U R' D' R D R' D' R D R' D' R D R' D' R D U' R4", 1.0],
      ["R' B' F D F' D' R D R' B D' U' R U2 R' U2 B U' B' R' U2 R U' B' U B F U2 F' U L' U L U F U' F' U L U' L' U' B' U B B U' B' U' R' U R U' U' B' U B U L U' L' F R U R' U' R U R' U' F' U' U' R U R' U R U2 R' U2 R' D' R D R' D' R D U R' D' R D R' D' R D R' D' R D R' D' R D U'", 1.0],
      ["R' B' F D F' D' R D R' B D' U' R U U R' U U B U' B' R' U U R U' B' U B F U U F' U L' U L U F U' F' U L U' L' U' B' U B B U' B' U' R' U R U' U' B' U B U L U' L' F R U R' U' R U R' U' F' U' U' R U R' U R U U R' U U R' D' R D R' D' R D U R' D' R D R' D' R D R' D' R D R' D' R D U' x", 0.01],
      ["R' B' F D F' D' R D R' B D' U' R U U R' U U B U' B' R' U U R U' B' U B F U U F' U L' U L U F U' F' U L U' L' U' B' U B B U' B' U' R' U R U' U' B' U B U L U' L' F R U R' U' R U R' U' F' U' U' R U R' U R U U R' U U R' D' R D R' D' R D U R' D' R D R' D' R D R' D' R D R' D' R D U' M M M M", 1.0],
      ["R' B' F D F' D' R D R' B D' U' R U U R' U U B U' B' R' U U R U' B' U B F U U F' U L' U L U F U' F' U L U' L' U' B' U B B U' B' U' R' U R U' U' B' U B U L U' L' F R U R' U' R U R' U' F' U' U' R U R' U R U U R' U U R' D' R D R' D' R D U R' D' R D R' D' R D R' D' R D R' D' R D U' 2R", 1.0],
      ["Rw R' B' F D F' D' R D R' B D' U' R U U R' U U B U' B' R' U U R U' B' U B F U U F' U L' U L U F U' F' U L U' L' U' B' U B B U' B' U' R' U R U' U' B' U B U L U' L' F R U R' U' R U R' U' F' U' U' R U R' U R U U R' U U R' D' R D R' D' R D U R' D' R D R' D' R D R' D' R D R' D' R D U'", 0.01],
    ]);
    pin({"question": "", "answer": null, "metadata": {"source_dataset": "rubiks_cube", "cube_size": 3, "scramble_moves": "L D F'"}}, [
      ["L D L' D' L' R D R' D' U U R R U R U' R' F' U U F B U U B' U' L' U L U F U' F' U' L' U L U F U' F' U L' U L U F U' F' F' U F U R U' R' U' R' U R U B U' B' U' R' U R U B U' B' U R' U R U B U' B' U U F R U R' U' R U R' U' F' R U R' U R U U R' U' R U R' U R U U R' U' R U' L' U R' U' L U B U' F' U B' U' F U R' D' R D R' D' R D R' D' R D R' D' R D U R' D' R D R' D' R D U U", 1.0],
      ["R", 0.01],
      ["a wrong solution", 0.01],
      ["", 0.01],
      ["R2 R3 R4 R5 R'2 R'3", 0.01],
      ["L D L' D' L' R D R' D' U U R R U R U' R' F' U U F B U U B' U' L' U L U F U' F' U' L' U L U F U' F' U L' U L U F U' F' F' U F U R U' R' U' R' U R U B U' B' U' R' U R U B U' B' U R' U R U B U' B' U U F R U R' U' R U R' U' F' R U R' U R U U R' U' R U R' U R U U R' U' R U' L' U R' U' L U B U' F' U B' U' F U R' D' R D R' D' R D R' D' R D R' D' R D U R' D' R D R' D' R D U U R R R R", 1.0],
      ["L D L' D' L' R D R' D' U U R R U R U' R' F' U U F B U U B' U' L' U L U F U' F' U' L' U L U F U' F' U L' U L U F U' F' F' U F U R U' R' U' R' U R U B U' B' U' R' U R U B U' B' U R' U R U B U' B' U U F R U R' U' R U R' U' F' R U R' U R U U R' U' R U R' U R U U R' U' R U' L' U R' U' L U B U' F' U B' U' F U R' D' R D R' D' R D R' D' R D R' D' R D U R' D' R D R' D' R D U U R4", 1.0],
      ["L D L' D' L' R D R' D' U2 R R U R U' R' F' U2 F B U2 B' U' L' U L U F U' F' U' L' U L U F U' F' U L' U L U F U' F' F' U F U R U' R' U' R' U R U B U' B' U' R' U R U B U' B' U R' U R U B U' B' U2 F R U R' U' R U R' U' F' R U R' U R U2 R' U' R U R' U R U2 R' U' R U' L' U R' U' L U B U' F' U B' U' F U R' D' R D R' D' R D R' D' R D R' D' R D U R' D' R D R' D' R D U2", 1.0],
      ["L D L' D' L' R D R' D' U U R R U R U' R' F' U U F B U U B' U' L' U L U F U' F' U' L' U L U F U' F' U L' U L U F U' F' F' U F U R U' R' U' R' U R U B U' B' U' R' U R U B U' B' U R' U R U B U' B' U U F R U R' U' R U R' U' F' R U R' U R U U R' U' R U R' U R U U R' U' R U' L' U R' U' L U B U' F' U B' U' F U R' D' R D R' D' R D R' D' R D R' D' R D U R' D' R D R' D' R D U U x", 0.01],
      ["L D L' D' L' R D R' D' U U R R U R U' R' F' U U F B U U B' U' L' U L U F U' F' U' L' U L U F U' F' U L' U L U F U' F' F' U F U R U' R' U' R' U R U B U' B' U' R' U R U B U' B' U R' U R U B U' B' U U F R U R' U' R U R' U' F' R U R' U R U U R' U' R U R' U R U U R' U' R U' L' U R' U' L U B U' F' U B' U' F U R' D' R D R' D' R D R' D' R D R' D' R D U R' D' R D R' D' R D U U M M M M", 1.0],
      ["L D L' D' L' R D R' D' U U R R U R U' R' F' U U F B U U B' U' L' U L U F U' F' U' L' U L U F U' F' U L' U L U F U' F' F' U F U R U' R' U' R' U R U B U' B' U' R' U R U B U' B' U R' U R U B U' B' U U F R U R' U' R U R' U' F' R U R' U R U U R' U' R U R' U R U U R' U' R U' L' U R' U' L U B U' F' U B' U' F U R' D' R D R' D' R D R' D' R D R' D' R D U R' D' R D R' D' R D U U 2R", 1.0],
      ["Rw L D L' D' L' R D R' D' U U R R U R U' R' F' U U F B U U B' U' L' U L U F U' F' U' L' U L U F U' F' U L' U L U F U' F' F' U F U R U' R' U' R' U R U B U' B' U' R' U R U B U' B' U R' U R U B U' B' U U F R U R' U' R U R' U' F' R U R' U R U U R' U' R U R' U R U U R' U' R U' L' U R' U' L U B U' F' U B' U' F U R' D' R D R' D' R D R' D' R D R' D' R D U R' D' R D R' D' R D U U", 0.01],
      ["F D' L'", 1.0],
      ["Y Y Y Y F D' L' X Z'", 1.0],
      ["F D' L' M E S M' E' S'", 0.01],
      ["F D' L' M E", 0.01],
    ]);
    pin({"question": "", "answer": null, "metadata": {"source_dataset": "rubiks_cube", "cube_size": 3, "scramble_moves": "B D' F B U' B"}}, [
      ["U B B U U L L U' F F D B D' R' U' R R U U R' U B U' B' R' U U R U L U' L' F U U F' U' B' U B U L U' L' L' U L U F U' F' U B U' B' U' R' U R R U' R' U' F' U F U L U' L' U' B' U B U R' U R U B U' B' U' U' B' U B U L U' L' U U R U R' U R U U R' U' R U R' U R U U R' U' F U' B' U F' U' B U R' D' R D R' D' R D U U R' D' R D R' D' R D R' D' R D R' D' R D U", 1.0],
      ["R", 0.01],
      ["a wrong solution", 0.01],
      ["", 0.01],
      ["R2 R3 R4 R5 R'2 R'3", 0.01],
      ["U B B U U L L U' F F D B D' R' U' R R U U R' U B U' B' R' U U R U L U' L' F U U F' U' B' U B U L U' L' L' U L U F U' F' U B U' B' U' R' U R R U' R' U' F' U F U L U' L' U' B' U B U R' U R U B U' B' U' U' B' U B U L U' L' U U R U R' U R U U R' U' R U R' U R U U R' U' F U' B' U F' U' B U R' D' R D R' D' R D U U R' D' R D R' D' R D R' D' R D R' D' R D U R R R R", 1.0],
      ["U B B U U L L U' F F D B D' R' U' R R U U R' U B U' B' R' U U R U L U' L' F U U F' U' B' U B U L U' L' L' U L U F U' F' U B U' B' U' R' U R R U' R' U' F' U F U L U' L' U' B' U B U R' U R U B U' B' U' U' B' U B U L U' L' U U R U R' U R U U R' U' R U R' U R U U R' U' F U' B' U F' U' B U R' D' R D R' D' R D U U R' D' R D R' D' R D R' D' R D R' D' R D U R4", 1.0],
      ["U B B U2 L L U' F F D B D' R' U' R R U2 R' U B U' B' R' U2 R U L U' L' F U2 F' U' B' U B U L U' L' L' U L U F U' F' U B U' B' U' R' U R R U' R' U' F' U F U L U' L' U' B' U B U R' U R U B U' B' U' U' B' U B U L U' L' U2 R U R' U R U2 R' U' R U R' U R U2 R' U' F U' B' U F' U' B U R' D' R D R' D' R D U2 R' D' R D R' D' R D R' D' R D R' D' R D U", 1.0],
      ["U B B U U L L U' F F D B D' R' U' R R U U R' U B U' B' R' U U R U L U' L' F U U F' U' B' U B U L U' L' L' U L U F U' F' U B U' B' U' R' U R R U' R' U' F' U F U L U' L' U' B' U B U R' U R U B U' B' U' U' B' U B U L U' L' U U R U R' U R U U R' U' R U R' U R U U R' U' F U' B' U F' U' B U R' D' R D R' D' R D U U R' D' R D R' D' R D R' D' R D R' D' R D U x", 0.01],
      ["U B B U U L L U' F F D B D' R' U' R R U U R' U B U' B' R' U U R U L U' L' F U U F' U' B' U B U L U' L' L' U L U F U' F' U B U' B' U' R' U R R U' R' U' F' U F U L U' L' U' B' U B U R' U R U B U' B' U' U' B' U B U L U' L' U U R U R' U R U U R' U' R U R' U R U U R' U' F U' B' U F' U' B U R' D' R D R' D' R D U U R' D' R D R' D' R D R' D' R D R' D' R D U M M M M", 1.0],
      ["U B B U U L L U' F F D B D' R' U' R R U U R' U B U' B' R' U U R U L U' L' F U U F' U' B' U B U L U' L' L' U L U F U' F' U B U' B' U' R' U R R U' R' U' F' U F U L U' L' U' B' U B U R' U R U B U' B' U' U' B' U B U L U' L' U U R U R' U R U U R' U' R U R' U R U U R' U' F U' B' U F' U' B U R' D' R D R' D' R D U U R' D' R D R' D' R D R' D' R D R' D' R D U 2R", 1.0],
      ["Rw U B B U U L L U' F F D B D' R' U' R R U U R' U B U' B' R' U U R U L U' L' F U U F' U' B' U B U L U' L' L' U L U F U' F' U B U' B' U' R' U R R U' R' U' F' U F U L U' L' U' B' U B U R' U R U B U' B' U' U' B' U B U L U' L' U U R U R' U R U U R' U' R U R' U R U U R' U' F U' B' U F' U' B U R' D' R D R' D' R D U U R' D' R D R' D' R D R' D' R D R' D' R D U", 0.01],
    ]);
    pin({"question": "", "answer": null, "metadata": {"source_dataset": "rubiks_cube", "cube_size": 3, "scramble_moves": "D F' U L L' B'"}}, [
      ["L D L' F D' R D R' B D' R U U R' F U F' U' B' U B U' F U' F' L' U U L U' L' U L U F U' F' U' L' U L U F U' F' U L' U L U F U' F' U' F' U F U R U' R' U F' U F U R U' R' B U' B' U' R' U R U' L U' L' U' B' U B U F R U R' U' R U R' U' F' U R U R' U R U U R' U U R' D' R D R' D' R D U R' D' R D R' D' R D U R' D' R D R' D' R D U U", 1.0],
      ["R", 0.01],
      ["a wrong solution", 0.01],
      ["", 0.01],
      ["R2 R3 R4 R5 R'2 R'3", 0.01],
      ["L D L' F D' R D R' B D' R U U R' F U F' U' B' U B U' F U' F' L' U U L U' L' U L U F U' F' U' L' U L U F U' F' U L' U L U F U' F' U' F' U F U R U' R' U F' U F U R U' R' B U' B' U' R' U R U' L U' L' U' B' U B U F R U R' U' R U R' U' F' U R U R' U R U U R' U U R' D' R D R' D' R D U R' D' R D R' D' R D U R' D' R D R' D' R D U U R R R R", 1.0],
      ["L D L' F D' R D R' B D' R U U R' F U F' U' B' U B U' F U' F' L' U U L U' L' U L U F U' F' U' L' U L U F U' F' U L' U L U F U' F' U' F' U F U R U' R' U F' U F U R U' R' B U' B' U' R' U R U' L U' L' U' B' U B U F R U R' U' R U R' U' F' U R U R' U R U U R' U U R' D' R D R' D' R D U R' D' R D R' D' R D U R' D' R D R' D' R D U U R4", 1.0],
      ["L D L' F D' R D R' B D' R U2 R' F U F' U' B' U B U' F U' F' L' U2 L U' L' U L U F U' F' U' L' U L U F U' F' U L' U L U F U' F' U' F' U F U R U' R' U F' U F U R U' R' B U' B' U' R' U R U' L U' L' U' B' U B U F R U R' U' R U R' U' F' U R U R' U R U2 R' U2 R' D' R D R' D' R D U R' D' R D R' D' R D U R' D' R D R' D' R D U2", 1.0],
      ["L D L' F D' R D R' B D' R U U R' F U F' U' B' U B U' F U' F' L' U U L U' L' U L U F U' F' U' L' U L U F U' F' U L' U L U F U' F' U' F' U F U R U' R' U F' U F U R U' R' B U' B' U' R' U R U' L U' L' U' B' U B U F R U R' U' R U R' U' F' U R U R' U R U U R' U U R' D' R D R' D' R D U R' D' R D R' D' R D U R' D' R D R' D' R D U U x", 0.01],
      ["L D L' F D' R D R' B D' R U U R' F U F' U' B' U B U' F U' F' L' U U L U' L' U L U F U' F' U' L' U L U F U' F' U L' U L U F U' F' U' F' U F U R U' R' U F' U F U R U' R' B U' B' U' R' U R U' L U' L' U' B' U B U F R U R' U' R U R' U' F' U R U R' U R U U R' U U R' D' R D R' D' R D U R' D' R D R' D' R D U R' D' R D R' D' R D U U M M M M", 1.0],
      ["L D L' F D' R D R' B D' R U U R' F U F' U' B' U B U' F U' F' L' U U L U' L' U L U F U' F' U' L' U L U F U' F' U L' U L U F U' F' U' F' U F U R U' R' U F' U F U R U' R' B U' B' U' R' U R U' L U' L' U' B' U B U F R U R' U' R U R' U' F' U R U R' U R U U R' U U R' D' R D R' D' R D U R' D' R D R' D' R D U R' D' R D R' D' R D U U 2R", 1.0],
      ["Rw L D L' F D' R D R' B D' R U U R' F U F' U' B' U B U' F U' F' L' U U L U' L' U L U F U' F' U' L' U L U F U' F' U L' U L U F U' F' U' F' U F U R U' R' U F' U F U R U' R' B U' B' U' R' U R U' L U' L' U' B' U B U F R U R' U' R U R' U' F' U R U R' U R U U R' U U R' D' R D R' D' R D U R' D' R D R' D' R D U R' D' R D R' D' R D U U", 0.01],
    ]);
    pin({"question": "", "answer": null, "metadata": {"source_dataset": "rubiks_cube", "cube_size": 4, "scramble_moves": "1Bw Uw' 1Rw 2U' 2D"}}, [
      ["", 0.01],
      ["2D' 2U 1Rw' Uw 1Bw'", 0.01],
    ]);
  });
  const scrambled = (scramble: string, size = 3): Entry => ({ question: "", answer: null, metadata: { source_dataset: "rubiks_cube", cube_size: size, scramble_moves: scramble } });
  test("a different solution solves it too: the inverse, whole-cube turns, repeat counts, slices", () => {
    const entry = scrambled("R U F' L D2 B");
    expect(scored("B' D D L' F U' R'", entry)).toBe(1);
    expect(scored("B' D2 L' F U' R'", entry)).toBe(1);
    // A whole-cube turn first changes which faces the moves after it name.
    expect(scored("X Y' B' D D L' F U' R' Z2 Z2", entry)).toBe(0.01);
    expect(scored("B' D D L' F U' R' X Y' Z2 Z2", entry)).toBe(1);
    expect(scored("B3 D D L' F U' R'", entry)).toBe(1);
    expect(scored("B' D D L' F U' R' M M' E S2 S2 E'", entry)).toBe(1);
    // A word with a digit before a letter is dropped, as the library's expansion drops it.
    expect(scored("B' D D L' F U' R' 2R", entry)).toBe(1);
    // Lower-case whole-cube turns are no moves in magiccube 0.3.0.
    expect(scored("B' D D L' F U' R' x", entry)).toBe(0.01);
  });
  test("wide and layered moves on a 4x4; M, E, S refused on an even cube", () => {
    const entry = scrambled("1Rw U 2F' 3Lw", 4);
    expect(scored("3Lw' 2F U' 1Rw'", entry)).toBe(0.01);
    expect(scored("Lw' Lw' Lw' Lw' L R", scrambled("L' R'", 4))).toBe(1);
    expect(scored("Rw Rw' R", scrambled("R'", 4))).toBe(1);
    expect(scored("R M", scrambled("R'", 4))).toBe(0.01);
    expect(scored("", scrambled("R R'", 4))).toBe(1);
  });
  test("no answer 0; a bad scramble 0; a count int() refuses 0.01; a 500 KB answer stays fast", () => {
    expect(scored(null, scrambled("R"))).toBe(0);
    expect(scored("R'", scrambled("Q"))).toBe(0);
    expect(scored("R'", scrambled("R", 1))).toBe(0);
    expect(scored("R' R4000000", scrambled("R"))).toBe(1);
    expect(scored("R' X Y Z", scrambled("R"))).toBe(1);
    expect(scored("Lw Lw' L'", scrambled("L", 4))).toBe(1);
    expect(scored("M' M M", scrambled("M'"))).toBe(1);
    expect(scored("R' R1" + "0".repeat(5000), scrambled("R"))).toBe(0.01);
    staysFast(scrambled("R U F' L D2 B"), ["R ", "R U F' L2 D B ", "R9999 ", "1 2 3 4\n", "{"]);
  });
});

/** A generated task: the same for the same (seed, index, config); its stored answer (or, for a validity family, `solution(entry)`) scores 1.0 and `wrong(entry)` does not. */
function checkGenerator(name: string, config: Record<string, unknown>, wrong: (entry: Entry) => string, solution: (entry: Entry) => string = (entry) => entry.answer!): void {
  const family = FAMILIES.get(name)!;
  for (let index = 0; index < 25; index++) {
    const entry = family.generate!(new Rng(11, index), config, index);
    expect(family.generate!(new Rng(11, index), config, index)).toEqual(entry);
    expect(entry.metadata).toMatchObject({ source_dataset: name, source_index: index });
    expect(entry.metadata.difficulty).toBeTypeOf("object");
    expect(family.score(solution(entry), entry), solution(entry)).toBe(1);
    expect(family.score(wrong(entry), entry), wrong(entry)).toBeLessThan(1);
  }
  expect(family.generate!(new Rng(12, 0), config, 0)).not.toEqual(family.generate!(new Rng(11, 0), config, 0));
}

const rejects = (name: string, config: Record<string, unknown>, field: string) => expect(() => FAMILIES.get(name)!.generate!(new Rng(1, 0), config, 0)).toThrow(field);

describe("generators", () => {
  test("color_cube_rotation: the colour the target side ends up with", () => {
    checkGenerator("color_cube_rotation", {}, (e) => (e.answer === "red" ? "blue" : "red"));
    checkGenerator("color_cube_rotation", { min_rotations: 5, max_rotations: 8 }, (e) => `${e.answer} side`);
    // Tipping the cube so its bottom comes to the top, twice, restores it.
    const entry = FAMILIES.get("color_cube_rotation")!.generate!(new Rng(3, 1), { min_rotations: 1, max_rotations: 1 }, 1);
    expect((entry.metadata.rotations as string[]).length).toBe(1);
    rejects("color_cube_rotation", { min_rotations: 0 }, "min_rotations");
    rejects("color_cube_rotation", { min_rotations: 4, max_rotations: 2 }, "max_rotations");
  });
  test("needle_haystack: the one person the asked (verb, subject) names", () => {
    checkGenerator("needle_haystack", {}, (e) => `${e.answer}x`);
    const entry = FAMILIES.get("needle_haystack")!.generate!(new Rng(2, 0), { min_num_statements: 500, max_num_statements: 500 }, 0);
    expect(entry.metadata.num_statements).toBe(500);
    const asked = (entry.metadata.question as string).replace(/^Who (.*)\? Answer with the name only\.$/, "$1");
    expect(entry.question.split(". ").filter((s) => s.endsWith(asked) || s.endsWith(`${asked}.`)).length).toBe(1);
    rejects("needle_haystack", { min_num_statements: 0 }, "min_num_statements");
    rejects("needle_haystack", { max_num_statements: 10 ** 9 }, "max_num_statements");
  });
  test("rectangle_count: the number of rectangles drawn", () => {
    checkGenerator("rectangle_count", {}, (e) => String(Number(e.answer) + 5));
    checkGenerator("rectangle_count", { max_rectangles: 25, width: 40, height: 30 }, (e) => String(Number(e.answer) + 1));
    rejects("rectangle_count", { width: 9 }, "width");
    rejects("rectangle_count", { max_rectangles: "many" }, "max_rectangles");
  });
  test("rubiks_cube: the stored example solution (the scramble undone) solves it; one more turn does not", () => {
    const example = (e: Entry) => e.metadata.example_correct_answer as string;
    for (const cube_size of [2, 3, 4, 5]) checkGenerator("rubiks_cube", { cube_size }, (e) => `${example(e)} R`, example);
    expect(FAMILIES.get("rubiks_cube")!.generate!(new Rng(1, 0), {}, 0).answer).toBeNull();
    rejects("rubiks_cube", { cube_size: 1 }, "cube_size");
    rejects("rubiks_cube", { min_scramble_steps: 5, max_scramble_steps: 4 }, "max_scramble_steps");
  });
});

describe("generators (default scorer)", () => {
  test("modulo_grid: the whole grid, holes filled by the rule", () => {
    checkGenerator("modulo_grid", {}, (e) => (e.answer as string).replace("\u2705", "\u274c"));
    const entry = FAMILIES.get("modulo_grid")!.generate!(new Rng(4, 2), { size_x: 8, size_y: 6, max_holes: 3 }, 2);
    expect((entry.answer as string).split("\n").map((row) => [...row].length)).toEqual([8, 8, 8, 8, 8, 8]);
    expect(entry.question).toContain("\u2754");
    rejects("modulo_grid", { size_x: 5 }, "size_x");
    rejects("modulo_grid", { max_divisor: 1 }, "max_divisor");
    rejects("modulo_grid", { max_holes: 0 }, "max_holes");
  });
  test("number_sequence: the next term by the rule", () => {
    checkGenerator("number_sequence", {}, (e) => String(Number(e.answer) + 1));
    checkGenerator("number_sequence", { max_complexity: 1, min_terms: 6, max_terms: 6 }, (e) => `-${e.answer}`);
    const entry = FAMILIES.get("number_sequence")!.generate!(new Rng(9, 3), {}, 3);
    expect((entry.metadata.sequence as number[]).at(-1)).toBe(Number(entry.answer));
    rejects("number_sequence", { min_terms: 3 }, "min_terms");
    rejects("number_sequence", { min_value: 5, max_value: 5 }, "max_value");
    rejects("number_sequence", { max_complexity: 0 }, "max_complexity");
  });
});

describe("figlet_font generator", () => {
  test("a word drawn in block letters of our own; any case and spacing of it scores 1.0", () => {
    checkGenerator("figlet_font", {}, (e) => `${e.answer}S`);
    checkGenerator("figlet_font", { min_word_len: 8, max_word_len: 15, space_letters: false }, (e) => (e.answer as string).slice(1));
    const entry = FAMILIES.get("figlet_font")!.generate!(new Rng(1, 0), { static_word: "Testy", static_font: "at" }, 0);
    expect(entry.answer).toBe("TESTY");
    expect(entry.question).toContain("@@@@@   @@@@@    @@@@   @@@@@   @   @\n  @     @       @         @      @ @\n");
    expect(FAMILIES.get("figlet_font")!.score("t e s t y", entry)).toBe(1);
    expect(FAMILIES.get("figlet_font")!.score("WESTY", entry)).toBe(0.4);
    rejects("figlet_font", { min_word_len: 20, max_word_len: 30 }, "min_word_len");
    rejects("figlet_font", { static_font: "standard" }, "static_font");
    rejects("figlet_font", { static_word: "R2D2" }, "static_word");
  });
});

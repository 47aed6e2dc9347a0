// reasoning-gym's algorithmic families, first half (ab to number_filtering): each scored as the
// library scores it (the pinned scores come from running the library), our deviations, hostile
// answers, and our generators.
import { describe, expect, test } from "vitest";
import { elapsed, entry, family, score } from "./support.ts";
import type { Entry } from "../../../../../workers/resources/reasoning_gym/families/family.ts";
import { Rng } from "../../../../../workers/resources/reasoning_gym/families/rng.ts";
import { normalForm } from "../../../../../workers/resources/reasoning_gym/families/algorithmic/ab.ts";
import { minSwaps } from "../../../../../workers/resources/reasoning_gym/families/algorithmic/binary_alternation.ts";
import { distances } from "../../../../../workers/resources/reasoning_gym/families/algorithmic/binary_matrix.ts";
import { primesBetween } from "../../../../../workers/resources/reasoning_gym/families/algorithmic/count_primes.ts";
import { step } from "../../../../../workers/resources/reasoning_gym/families/algorithmic/game_of_life.ts";
import { isomorphic } from "../../../../../workers/resources/reasoning_gym/families/algorithmic/isomorphic_strings.ts";
import { shortestMoves } from "../../../../../workers/resources/reasoning_gym/families/algorithmic/jugs.ts";
import { pyJsonDumps, pyJsonLoads } from "../../../../../workers/resources/reasoning_gym/families/support/python_json.ts";
import { pyLiteralEval } from "../../../../../workers/resources/reasoning_gym/families/support/python_eval_literal.ts";
import { PyTuple, pyEquals, pyLess, pyRepr } from "../../../../../workers/resources/reasoning_gym/families/support/python_value.ts";

// Scores the library (reasoning-gym 49b07130, get_score_answer_fn with the default config) gives
// these answers, pinned: [family, entry, [answer, score][]]. An answer that made the library raise
// is pinned at 0, as NeMo Gym's server scores it. letter_jumble's partial credit is summed as
// Python 3.12's sum() does (NeMo Gym's Python; 3.11 differs in the last bit).
const PINNED: [string, Entry, [string | null, number][]][] = [
  ["ab", {"question": "", "answer": "#B #B #B A# B# A#", "metadata": {"source_dataset": "ab"}}, [
    ["#B #B #B A# B# A#", 1.0],
    ["#B #B #B A# B# A# ", 0.0],
    ["#B #B #B A# B#", 0.0],
    ["", 0.0],
    [null, 0.0],
  ]],
  ["base_conversion", {"question": "", "answer": "92", "metadata": {"source_dataset": "base_conversion"}}, [
    ["92", 1.0],
    ["The answer is 92", 0.125],
    ["é92", 0.6666666666666666],
    ["zzz", 0.0],
    ["", 0.0],
    [null, 0.0],
  ]],
  ["binary_alternation", {"question": "", "answer": "2", "metadata": {"source_dataset": "binary_alternation"}}, [
    ["2", 1.0],
    ["2.", 0.5],
    ["-1", 0.0],
    ["", 0.0],
    [null, 0.0],
  ]],
  ["caesar_cipher", {"question": "", "answer": "THOSE FROM MARS OF ANY INDEED", "metadata": {"source_dataset": "caesar_cipher"}}, [
    ["THOSE FROM MARS OF ANY INDEED", 1.0],
    ["those from mars of any indeed", 0.0],
    ["Decrypted: THOSE FROM MARS OF ANY INDEED", 0.725],
    [null, 0.0],
  ]],
  ["count_primes", {"question": "", "answer": "556", "metadata": {"source_dataset": "count_primes"}}, [
    ["556", 1.0],
    ["5560", 0.75],
    ["1", 0.0],
    [null, 0.0],
  ]],
  ["isomorphic_strings", {"question": "", "answer": "False", "metadata": {"source_dataset": "isomorphic_strings"}}, [
    ["False", 1.0],
    ["false", 0.0],
    ["True", 0.0],
    [null, 0.0],
  ]],
  ["letter_counting", {"question": "", "answer": "3", "metadata": {"source_dataset": "letter_counting"}}, [
    ["3", 1.0],
    [" 3", 0.5],
    ["0", 0.0],
    [null, 0.0],
  ]],
  ["number_filtering", {"question": "", "answer": "['14', '-48.986', '30.3', '-81']", "metadata": {"source_dataset": "number_filtering"}}, [
    ["['14', '-48.986', '30.3', '-81']", 1.0],
    ["[\"14\", \"-48.986\", \"30.3\", \"-81\"]", 0.0],
    ["[]", 0.0],
    [null, 0.0],
  ]],
  ["binary_matrix", {"question": "", "answer": "0 0 0\n0 1 0\n1 2 1", "metadata": {"source_dataset": "binary_matrix"}}, [
    ["0 0 0\n0 1 0\n1 2 1", 1.0],
    ["[[0, 0, 0], [0, 1, 0], [1, 2, 1]]", 0.1],
    ["[0, 0, 0], [0, 1, 0], [1, 2, 1]", 0.1],
    ["((0, 0, 0), (0, 1, 0), (1, 2, 1))", 0.1],
    ["[['0', '0', '0'], ['0', '1', '0'], ['1', '2', '1']]", 0.1],
    ["['000', '010', '121']", 0.1],
    ["[[0, 0, 0], [0, 1, 0], [1, 2, 1.0]]", 0.0],
    ["[[0, 0, 0], [0, 1, 0], [1, 0x2, 1]]", 0.1],
    ["[[0, 0, 0], [0, 1, 0], [1, 2, 1]] # done", 0.1],
    ["[[0, 0, 0],\n [0, 1, 0],\n [1, 2, 1]]", 0.1],
    ["[0, 0, 0],\n[0, 1, 0],\n[1, 2, 1]", 0.0],
    ["[[0, 0, 0], [0, 1, 0], [1, 2, -1]]", 0.0],
    ["[[0, 0, 0], [0, 1, 0], [1, 2, +1]]", 0.1],
    ["[[0, 0, 0], [0, 1, 0], [1, 2, True]]", 0.0],
    ["0 0 0\n0 1 0\n1 2 1\n", 0.0],
    ["[[0, 0, 0], [0, 1, 0], [1, 2, 1]", 0.0],
    ["[[0, 0, 0], [0, 1, 0], [1, 2, 01]]", 0.0],
    ["[[0,0,0],[0,1,0],[1,2,1],]", 0.1],
    ["[[0, 0, 0], [0, 1, 0], [1, 2, 1_0]]", 0.0],
    ["[[\"0 0 0\\n0 1 0\\n1 2 1\"]]", 0.1],
    ["[[r'0 0 0', '\\n0 1 0\\n1 2 1']]", 0.0],
    [null, 0.0],
  ]],
  ["manipulate_matrix", {"question": "", "answer": "1 2 3\n4 5 6\n7 8 9", "metadata": {"source_dataset": "manipulate_matrix"}}, [
    ["1 2 3\n4 5 6\n7 8 9", 1.0],
    ["1   2 3\n4 5 6   \n7 8 9  ", 1.0],
    ["1 2 3\n4 5 6\n7 8 8", 0.0],
    ["  1 2 3\n4 5 6\n7 8 9\n", 1.0],
    ["Matrix:\n1 2 3\n4 5 6\n7 8 9", 0.68],
    ["1\t2\t3\n4 5 6\n7 8 9", 1.0],
    ["1 2 3\r\n4 5 6\r\n7 8 9", 1.0],
    ["1 2 3\n\n4 5 6\n7 8 9", 0.0],
    ["é1 2 3\n4 5 6\n7 8 9", 0.9444444444444444],
    [" ", 0.0],
    ["", 0.0],
    [null, 0.0],
  ]],
  ["manipulate_matrix", {"question": "", "answer": "3\n0\n0", "metadata": {"source_dataset": "manipulate_matrix"}}, [
    ["3\n0\n0", 1.0],
    ["3\n0\n0\n0", 0.7142857142857143],
  ]],
  ["cryptarithm", {"question": "", "answer": "F=3,I=4,K=2,L=9,M=1,O=8,P=0,Z=7", "metadata": {"source_dataset": "cryptarithm", "words_letters": ["FOM", "IKPLO"], "result_letters": "IKIZL", "allow_leading_zero": false}}, [
    ["F=3,I=4,K=2,L=9,M=1,O=8,P=0,Z=7", 1.0],
    ["Z=7,P=0,O=8,M=1,L=9,K=2,I=4,F=3", 1.0],
    ["F=1,I=2,K=3,L=5,M=7,O=8,P=0,Z=4", 1.0],
    ["F=3,I=4,K=2,L=9,M=1,O=8,P=0", 0.01],
    ["F3,I=4,K=2,L=9,M=1,O=8,P=0,Z=7", 0.0],
    ["I=4,I=4,K=2,L=9,M=1,O=8,P=0,Z=7", 0.01],
    ["F=4,I=3,K=2,L=9,M=1,O=8,P=0,Z=7", 0.01],
    [" F = 3 , I=4,K=2,L=9,M=1,O=8,P=0,Z=7 ", 1.0],
    ["F=+3,I=4,K=2,L=9,M=1,O=8,P=0,Z=07", 1.0],
    ["F=３,I=4,K=2,L=9,M=1,O=8,P=0,Z=7", 1.0],
    ["F=3,I=4,K=2,L=9,M=1,O=8,P=0,Z=7,A=5", 0.01],
    ["F=3,I=4,K=2,L=9,M=1,O=8,P=0,Z=7,", 0.0],
    ["F=3;I=4", 0.0],
    ["f=3,i=4,k=2,l=9,m=1,o=8,p=0,z=7", 0.01],
    ["F=3.0,I=4,K=2,L=9,M=1,O=8,P=0,Z=7", 0.0],
    ["F=3,I=4,K=2,L=9,M=1,O=8,P=0,Z=17", 0.01],
    ["F=3,I=4,K=2,L=9,M=1,O=8,P=-0,Z=7", 1.0],
    ["F=3,I=4,K=2,L=9,M=1,O=8,P=0,Z=7=7", 0.0],
    ["F=1_0,I=4,K=2,L=9,M=1,O=8,P=0,Z=7", 0.01],
    ["", 0.0],
    [null, 0.0],
  ]],
  ["cryptarithm", {"question": "", "answer": "A=0,B=1", "metadata": {"source_dataset": "cryptarithm", "words_letters": ["AB", "B"], "result_letters": "BA", "allow_leading_zero": true}}, [
    ["A=0,B=1", 0.01],
    ["A=0,B=5", 0.01],
  ]],
  ["cryptarithm", {"question": "", "answer": "A=0,B=1", "metadata": {"source_dataset": "cryptarithm", "words_letters": ["AB", "B"], "result_letters": "BA", "allow_leading_zero": false}}, [
    ["A=0,B=1", 0.01],
  ]],
  ["cryptarithm", {"question": "", "answer": "A=0,B=5,C=1", "metadata": {"source_dataset": "cryptarithm", "words_letters": ["AB", "AB"], "result_letters": "CA", "allow_leading_zero": true}}, [
    ["A=0,B=5,C=1", 1.0],
  ]],
  ["cryptarithm", {"question": "", "answer": "A=0,B=5,C=1", "metadata": {"source_dataset": "cryptarithm", "words_letters": ["AB", "AB"], "result_letters": "CA", "allow_leading_zero": false}}, [
    ["A=0,B=5,C=1", 0.01],
  ]],
  ["jugs", {"question": "", "answer": "[\"fill C\", \"pour C->A\", \"empty A\", \"pour C->A\", \"fill C\", \"pour C->A\", \"empty A\", \"pour C->A\", \"fill C\", \"pour C->A\", \"pour C->B\"]", "metadata": {"source_dataset": "jugs", "puzzle": {"jug_capacities": [9, 9, 13], "target": 3, "min_moves": 11}}}, [
    ["[\"fill C\", \"pour C->A\", \"empty A\", \"pour C->A\", \"fill C\", \"pour C->A\", \"empty A\", \"pour C->A\", \"fill C\", \"pour C->A\", \"pour C->B\"]", 1.0],
    ["[\"fill A\", \"fill B\"]", 0.01],
    ["[]", 0.01],
    ["not json", 0.0],
    ["\"fill A\"", 0.0],
    ["{\"fill A\": 1}", 0.01],
    ["[\"fill A please\", \"pour A->B now\"]", 0.01],
    ["[\"fill D\"]", 0.0],
    ["[\"fill\"]", 0.0],
    ["[\"pour A-B\"]", 0.0],
    ["[\"pour A->B->C\"]", 0.0],
    ["[\"Fill A\"]", 0.0],
    ["[1]", 0.0],
    ["[\" \"]", 0.0],
    ["5", 0.0],
    ["null", 0.0],
    ["[\"fill C\", \"pour C->A\", \"empty A\", \"pour C->A\", \"fill C\", \"pour C->A\", \"empty A\", \"pour C->A\", \"fill C\", \"pour C->A\", \"pour C->B\", \"empty A\", \"empty B\", \"empty C\"]", 0.01],
    [null, 0.0],
  ]],
  ["graph_color", {"question": "", "answer": null, "metadata": {"source_dataset": "graph_color", "puzzle": {"vertices": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], "edges": [[0, 3], [2, 5], [2, 7]], "num_colors": 3, "color_options": [1, 2, 3]}}}, [
    ["{\"0\": 1, \"1\": 1, \"2\": 1, \"3\": 2, \"4\": 1, \"5\": 2, \"6\": 1, \"7\": 2, \"8\": 1, \"9\": 1}", 1.0],
    ["{\"0\": 3, \"1\": 3, \"2\": 3, \"3\": 2, \"4\": 3, \"5\": 2, \"6\": 3, \"7\": 2, \"8\": 3, \"9\": 3}", 1.0],
    ["{\"0\": 1, \"1\": 1, \"2\": 1, \"3\": 1, \"4\": 1, \"5\": 1, \"6\": 1, \"7\": 1, \"8\": 1, \"9\": 1}", 0.01],
    ["{\"1\": 1, \"2\": 1, \"3\": 2, \"4\": 1, \"5\": 2, \"6\": 1, \"7\": 2, \"8\": 1, \"9\": 1}", 0.01],
    ["{\"0\": 1, \"1\": 1, \"2\": 1, \"3\": 2, \"4\": 1, \"5\": 2, \"6\": 1, \"7\": 2, \"8\": 1, \"9\": 1}", 1.0],
    ["{\"0\": 1.0, \"1\": 1.0, \"2\": 1.0, \"3\": 2.0, \"4\": 1.0, \"5\": 2.0, \"6\": 1.0, \"7\": 2.0, \"8\": 1.0, \"9\": 1.0}", 1.0],
    ["{\"0\": \"1\", \"1\": \"1\", \"2\": \"1\", \"3\": \"2\", \"4\": \"1\", \"5\": \"2\", \"6\": \"1\", \"7\": \"2\", \"8\": \"1\", \"9\": \"1\"}", 0.01],
    ["{\"0\": true, \"1\": true, \"2\": true, \"3\": 2, \"4\": true, \"5\": 2, \"6\": true, \"7\": 2, \"8\": true, \"9\": true}", 1.0],
    ["{\"0\": 1, \"1\": 1, \"2\": 1, \"3\": 2, \"4\": 1, \"5\": 2, \"6\": 1, \"7\": 2, \"8\": 1, \"9\": 1}", 1.0],
    ["{\"0\": 1, \"1\": 1, \"2\": 1, \"3\": 2, \"4\": 1, \"5\": 2, \"6\": 1, \"7\": 2, \"8\": 1, \"9\": 1}", 1.0],
    ["[1, 1, 1, 2, 1, 2, 1, 2, 1, 1]", 0.01],
    ["[0,1,2,3,4,5,6,7,8,9]", 0.01],
    ["[9,8,7,6,5,4,3,2,1,0]", 0.01],
    ["[1,2,3]", 0.01],
    ["\"abc\"", 0.0],
    ["5", 0.0],
    ["null", 0.0],
    ["not json", 0.0],
    ["{}", 0.01],
    ["{\"0\": NaN, \"NaN\": NaN, \"2\": NaN, \"3\": 2, \"4\": NaN, \"5\": 2, \"6\": NaN, \"7\": 2, \"8\": NaN, \"9\": NaN}", 0.01],
    ["{\"00\": 1, \"0\": 1, \"1\": 1, \"2\": 1, \"3\": 2, \"4\": 1, \"5\": 2, \"6\": 1, \"7\": 2, \"8\": 1, \"9\": 1}", 1.0],
    [null, 0.0],
  ]],
  ["graph_color", {"question": "", "answer": null, "metadata": {"source_dataset": "graph_color", "puzzle": {"vertices": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], "edges": [[0, 3], [2, 5], [2, 7]], "num_colors": 3, "color_options": [1, 2, 3]}}}, [
    ["{\"0\": 4, \"1\": 1, \"2\": 1, \"3\": 2, \"4\": 1, \"5\": 2, \"6\": 1, \"7\": 2, \"8\": 1, \"9\": 1}", 0.01],
    ["{\"0\": [1], \"1\": 1, \"2\": 1, \"3\": 2, \"4\": 1, \"5\": 2, \"6\": 1, \"7\": 2, \"8\": 1, \"9\": 1}", 0.0],
    ["{\"0\": 1, \"1\": 1, \"2\": 1, \"3\": 2, \"4\": 1, \"5\": 2, \"6\": 1, \"7\": 2, \"8\": 1, \"9\": {}}", 0.0],
    ["{\"0\": 1, \"1\": 1, \"2\": 1, \"3\": 2, \"4\": 1, \"5\": 2, \"6\": 1, \"7\": 2, \"8\": 1, \"9\": 1}", 1.0],
    ["{\"0\": 1, \"1\": 1, \"2\": 1, \"3\": 1, \"4\": 1, \"5\": 2, \"6\": 1, \"7\": 2, \"8\": 1, \"9\": 1}", 0.01],
    ["{\"0\": 1, \"1\": 1, \"2\": 1, \"3\": null, \"4\": 1, \"5\": 2, \"6\": 1, \"7\": 2, \"8\": 1, \"9\": 1}", 0.01],
    ["[1,0,2,3,4,5,6,7,8,9,10,11]", 0.01],
    ["[0,1,2,3,4,5,6,7,8,9,\"3\"]", 0.01],
    ["[0,1,2,3,4,5,6,7,8,\"9\"]", 0.0],
    ["[0,1,2,3,4,5,6,7,8,[9]]", 0.01],
    ["[1,2,3,0,4,5,9,6,7,8,1]", 0.01],
  ]],
  ["group_anagrams", {"question": "", "answer": "", "metadata": {"source_dataset": "group_anagrams", "solution": [["ate", "eat", "tea"], ["bat"], ["nat", "tan"]]}}, [
    ["[[\"bat\"], [\"nat\", \"tan\"], [\"ate\", \"eat\", \"tea\"]]", 1.0],
    ["[[\"ate\", \"eat\"], [\"bat\", \"tea\"], [\"nat\", \"tan\"]]", 0.01],
    ["[\"ate\", \"eat\", \"tea\"], [\"bat\"], [\"nat\", \"tan\"]", 0.0],
    ["[[\"tea\",\"eat\",\"ate\"],[\"tan\",\"nat\"],[\"bat\"]]", 1.0],
    ["[[\"bat\"], [\"nat\", \"tan\"], [\"ate\", \"eat\", \"tea\"], []]", 0.01],
    ["[[\"bat\", 1], [\"nat\", \"tan\"], [\"ate\", \"eat\", \"tea\"]]", 0.0],
    ["[[1], [\"nat\", \"tan\"], [\"ate\", \"eat\", \"tea\"]]", 0.0],
    ["[[\"bat\"], [\"nat\", \"tan\"], [\"ate\", \"eat\", \"tea\"], [1]]", 0.0],
    ["[[1, 2], [3]]", 0.01],
    ["{\"bat\": 1}", 0.01],
    ["\"bat\"", 0.01],
    ["5", 0.0],
    ["[]", 0.01],
    ["[[]]", 0.01],
    ["null", 0.0],
    ["[[\"bat\"], [\"nat\", \"tan\"], [\"ate\", \"eat\", \"tea\", \"tea\"]]", 0.01],
    ["[[\"bat\"], [\"nat\", \"tan\"], [\"ate\", \"eat\", \"tea\"]] ", 1.0],
    ["[[\"bat\"], [\"nat\", \"tan\"], [\"ate\", \"eat\", \"te\\u0061\"]]", 1.0],
    ["[{\"bat\": 1}, [\"nat\", \"tan\"], [\"ate\", \"eat\", \"tea\"]]", 1.0],
    ["[\"bat\", [\"nat\", \"tan\"], [\"ate\", \"eat\", \"tea\"]]", 0.01],
    [null, 0.0],
  ]],
  ["game_of_life", {"question": "", "answer": "[[0,1,0],[0,1,0],[0,1,0]]", "metadata": {"source_dataset": "game_of_life"}}, [
    ["[[0,1,0],[0,1,0],[0,1,0]]", 1.0],
    ["[[0, 1, 0], [0, 1, 0], [0, 1, 0]]", 1.0],
    ["[[1,1,1],[0,1,0],[0,1,0]]", 0.7777777777777778],
    ["[[0,true,0],[0,1.0,0],[false,1,0]]", 1.0],
    ["[[0,1,0],[0,1,0]]", 0.6666666666666666],
    ["[[0,1,0],[0,1],[0,1,0,1]]", 0.8888888888888888],
    ["[[0,1,0],5,[0,1,0]]", 0.6666666666666666],
    ["[[0,1,0],null,[0,1,0]]", 0.6666666666666666],
    ["[[0,1,0],\"010\",[0,1,0]]", 0.6666666666666666],
    ["[\"0\",[0,1,0],[0,1,0]]", 0.6666666666666666],
    ["[[0,1,0],{\"0\":0},[0,1,0]]", 0],
    ["{\"0\":[0,1,0]}", 0],
    ["[[0,NaN,0],[0,Infinity,0],[0,1,-Infinity]]", 0.6666666666666666],
    ["[[0,1,0],[0,1,0],[0,1,0]] extra", 0.0],
    ["[0,1,0]", 0.0],
    ["5", 0.0],
    ["\"abc\"", 0.0],
    ["[[0,\"1\",0],[0,1,0],[0,1,0]]", 0.8888888888888888],
    ["[[0,1e0,0],[0,1,0],[0,1,0]]", 1.0],
    ["[[-0,1,0],[0,1,0],[0.0,1,0]]", 1.0],
    ["invalid json", 0.0],
    [null, 0.0],
  ]],
  ["letter_jumble", {"question": "", "answer": "Fritz Napoleon Smith s system a system", "metadata": {"source_dataset": "letter_jumble"}}, [
    ["Fritz Napoleon Smith s system a system", 1.0],
    ["FRITZ NAPOLEON SMITH S SYSTEM A SYSTEM", 1.0],
    ["  Fritz Napoleon Smith s system a system\n", 1.0],
    ["Fritz Napoleon Smith s system a", 0.8571428571428571],
    ["Napoleon Smith s system a system", 0.0],
    ["Fritz Napoleon Smith s system a system extra words", 1.0],
    ["x Napoleon Smith s system a system", 0.8571428571428571],
    ["Fritz\nNapoleon\nSmith\ns\nsystem\na\nsystem", 1.0],
    ["", 0.0],
    [null, 0.0],
  ]],
  ["letter_jumble", {"question": "", "answer": "full Project Gutenberg License when you share it without charge", "metadata": {"source_dataset": "letter_jumble"}}, [
    ["full Project Gutenberg License when you share it without charge", 1.0],
    ["zz Project Gutenberg zz when you zz it without zz", 0.6000000000000001],
    ["zz Project zz License zz you zz it zz charge", 0.5],
    ["zz Project Gutenberg License when you share it without charge", 0.9],
  ]],
  ["game_of_life_halting", {"question": "", "answer": "True", "metadata": {"source_dataset": "game_of_life_halting"}}, [
    ["True", 1.0],
    ["", 0.0],
    [null, 0.0],
  ]],
];

const NAMES = ["ab", "base_conversion", "binary_alternation", "binary_matrix", "caesar_cipher", "count_primes", "cryptarithm", "game_of_life", "game_of_life_halting", "graph_color", "group_anagrams", "isomorphic_strings", "jugs", "letter_counting", "letter_jumble", "manipulate_matrix", "number_filtering"];

test("the index lists this half's seventeen families, in the algorithmic category", () => {
  for (const name of NAMES) expect(family(name)?.category, name).toBe("algorithmic");
  expect(NAMES.map((name) => family(name).scorer)).toEqual(["own", "default", "default", "own", "default", "default", "validity", "own", "own", "validity", "own", "default", "validity", "default", "own", "own", "default"]);
});

/** What one family's tests add to its pinned scores. */
interface Extra {
  /** Tests of its own rules, deviations and helpers. */
  own?: () => void;
  /** Configs its generator accepts (besides the default) and ones it refuses, with the field named. */
  configs?: Record<string, unknown>[];
  invalid?: [Record<string, unknown>, string][];
  /** The answer that scores 1.0 (the stored one unless given) and one that must not. */
  right?: (e: Entry) => string;
  wrong?: (e: Entry) => string;
}

const stored = (e: Entry) => e.answer as string;
const EXTRA: Record<string, Extra> = {
  ab: {
    own() {
      test("the normal form agrees with the library's step-by-step rewriting", () => {
        const CASES = [["#A #A A# #B B# A# B# A# #A #B", "#A #A #B A# B# A#"], ["B# #B A# B# A# B# #B #A B# #B B# A# B# #B", "A# B# B# A#"], ["B# A# A#", "B# A# A#"], ["B# B# B# #A", "#A B# B# B#"], ["B# B# B# B# #B #A", "#A B# B# B#"], ["#A", "#A"], ["B# B# #A A# #A #A A#", "#A #A B# B# A#"], ["#A A# #A #A #A #B #A B# #B #B", "#A #A #A #B #A #B"], ["B# A# #A A# #A #B A# #B #A #B A# #B", "#B #B #B A#"], ["B# A# B# #B #A #A #A #B A# #A", "#A #A"], ["#A A# #B A# B# #A #A B# #A #A A# #A #A #A", "#A #B #A #A #A #A B# B#"]];
        for (const [program, final] of CASES) expect(normalForm(program!.split(" ")).join(" ")).toBe(final);
      });
    },
    configs: [{ length: 100 }],
    invalid: [[{ length: 0 }, "length"], [{ length: "10" }, "length"]],
    wrong: (e) => `${stored(e)} A#`,
  },
  base_conversion: {
    configs: [{ min_base: 30, max_base: 36, min_value: 1000, max_value: 1_000_000 }],
    invalid: [[{ min_base: 1 }, "min_base"], [{ max_base: 37 }, "max_base"], [{ min_value: 5, max_value: 5 }, "max_value"], [{ min_base: 7, max_base: 7 }, "max_base"]],
    wrong: (e) => `${stored(e)}0`,
  },
  binary_alternation: {
    own() {
      test("the fewest swaps, as the library counts them", () => {
        expect(["1100", "111000", "0101", "10", "110", "111100", "0", "1110001000"].map(minSwaps)).toEqual([1, 1, 0, 0, 1, -1, 0, -1]);
      });
    },
    configs: [{ min_n: 500, max_n: 1000, p_solvable: 0 }, { p_solvable: 1 }],
    invalid: [[{ min_n: 0 }, "min_n"], [{ p_solvable: 1.5 }, "p_solvable"], [{ min_n: 9, max_n: 3 }, "max_n"]],
    wrong: (e) => (stored(e) === "3" ? "4" : "3"),
  },
  binary_matrix: {
    own() {
      test("distances to the nearest 0", () => {
        expect(distances([[1, 1, 1], [1, 0, 1], [1, 1, 1]])).toEqual([[2, 1, 2], [1, 0, 1], [2, 1, 2]]);
        expect(distances([[0, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]])).toEqual([[0, 1, 2, 3], [1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6]]);
      });
      test("Python's nesting limit: 200 levels are read, 201 are not", () => {
        const e = entry("binary_matrix", "0");
        expect(score("binary_matrix", `${"(".repeat(198)}[[0]]${")".repeat(198)}`, e)).toBe(0.1);
        expect(score("binary_matrix", `${"(".repeat(199)}[[0]]${")".repeat(199)}`, e)).toBe(0);
      });
      test("deviation: an expression is not run (the library's eval gives [[0]*3, ...] 0.1)", () => {
        expect(score("binary_matrix", "[[0]*3, [0, 1, 0], [1, 2, 1]]", entry("binary_matrix", "0 0 0\n0 1 0\n1 2 1"))).toBe(0);
        expect(score("binary_matrix", "[[__import__('os')]]", entry("binary_matrix", "0"))).toBe(0);
      });
    },
    configs: [{ min_n: 20, max_n: 30, p_zero: 0.05 }, { min_n: 1, max_n: 1 }],
    invalid: [[{ min_n: 0 }, "min_n"], [{ p_zero: 0 }, "p_zero"]],
    wrong: (e) => stored(e).replace(/\d$/, (d) => String((Number(d) + 1) % 10)),
  },
  caesar_cipher: {
    configs: [{ min_words: 30, max_words: 50, min_rotation: 25, max_rotation: 25 }],
    invalid: [[{ min_rotation: 0 }, "min_rotation"], [{ max_rotation: 26 }, "max_rotation"], [{ min_words: 0 }, "min_words"]],
    wrong: (e) => stored(e).toLowerCase(),
  },
  count_primes: {
    own() {
      test("primes in a range", () => {
        expect(primesBetween(1, 10_000)).toHaveLength(1229);
        expect(primesBetween(100, 200)).toHaveLength(21);
        expect(primesBetween(1, 1)).toEqual([]);
      });
    },
    configs: [{ min_n: 50_000, max_n: 100_000 }],
    invalid: [[{ min_n: 0 }, "min_n"], [{ max_n: 20_000_000 }, "max_n"]],
    wrong: (e) => `${stored(e)}1`,
  },
  cryptarithm: {
    configs: [{ min_words: 5, max_words: 10 }, { allow_leading_zero: true }],
    invalid: [[{ min_words: 1 }, "min_words"], [{ allow_leading_zero: "yes" }, "allow_leading_zero"]],
    wrong: (e) => stored(e).split(",").slice(1).join(","),
  },
  game_of_life: {
    own() {
      test("Conway's rules on a torus: a blinker turns, a block stays, a lone cell dies", () => {
        const blinker = [[0, 0, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 1, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 0, 0]];
        expect(step(blinker)).toEqual([[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 1, 1, 1, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]);
        // Across the wrapping edge: the block's cells sit in the four corners.
        const corners = [[1, 0, 0, 1], [0, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 1]];
        expect(step(corners)).toEqual(corners);
        expect(step([[0, 0, 0], [0, 1, 0], [0, 0, 0]])).toEqual([[0, 0, 0], [0, 0, 0], [0, 0, 0]]);
      });
    },
    configs: [{ grid_size_x: 25, grid_size_y: 50, filled_cells_weights: 0.5, simulation_steps: 5 }, { simulation_steps: 0 }],
    invalid: [[{ grid_size_x: 2 }, "grid_size_x"], [{ filled_cells: 101 }, "filled_cells"], [{ simulation_steps: -1 }, "simulation_steps"]],
    wrong: (e) => stored(e).replace(/^\[\[(\d)/, (_, d) => `[[${1 - Number(d)}`),
  },
  game_of_life_halting: {
    own() {
      test("deviation: only the stored True or False scores (the library gives any non-empty answer 1.0)", () => {
        const e = entry("game_of_life_halting", "True");
        expect(score("game_of_life_halting", "False", e)).toBe(0);
        expect(score("game_of_life_halting", "no idea", e)).toBe(0);
        expect(score("game_of_life_halting", " true ", e)).toBe(1);
        expect(score("game_of_life_halting", "FALSE", entry("game_of_life_halting", "False"))).toBe(1);
      });
      test("generated answers come from running the board: oscillators never halt, the other shapes always do", () => {
        for (let index = 0; index < 30; index++) {
          const task = family("game_of_life_halting").generate!(new Rng(11, index), {}, index);
          const placed = task.metadata.placed_patterns as unknown[];
          if (placed.length > 0) expect(task.answer).toBe(task.metadata.should_oscillate ? "False" : "True");
        }
      });
    },
    configs: [{ difficulty: 2, grid_size_x: 25, grid_size_y: 25, num_oscillators: 7 }, { difficulty: 3, grid_size_x: 50, grid_size_y: 50, max_simulation_steps: 50 }],
    invalid: [[{ difficulty: 4 }, "difficulty"], [{ difficulty: 3, grid_size_x: 20 }, "grid_size_x"]],
    wrong: (e) => (stored(e) === "True" ? "False" : "True"),
  },
  graph_color: {
    own() {
      test("a list answer is looked up by index where the vertex is one of its items, as the library does", () => {
        const e = PINNED.find(([name]) => name === "graph_color")![1];
        expect(score("graph_color", "[1,1,1,2,1,2,1,2,1,1,0,3,4,5,6,7,8,9]", e)).toBe(1);
        expect(score("graph_color", "[1,1,1,1,1,2,1,2,1,1,0,3,4,5,6,7,8,9]", e)).toBe(0.01);
      });
    },
    configs: [{ min_num_vertices: 20, max_num_vertices: 25, num_colors: 4, edge_probability: 0.3 }],
    invalid: [[{ edge_probability: 1 }, "edge_probability"], [{ num_colors: 0 }, "num_colors"]],
    right: (e) => JSON.stringify(e.metadata.possible_answer),
    wrong: () => "{}",
  },
  group_anagrams: {
    own() {
      test("generated classes are anagram classes: each group's words share their letters, no two groups do", () => {
        const letters = (w: string) => [...w].sort().join("");
        for (let index = 0; index < 20; index++) {
          const solution = family("group_anagrams").generate!(new Rng(2, index), { min_anagram_groups: 40, max_anagram_groups: 40 }, index).metadata.solution as string[][];
          for (const group of solution) expect(new Set(group.map(letters)).size, group.join()).toBe(1);
          expect(new Set(solution.map((group) => letters(group[0]!))).size).toBe(solution.length);
        }
      });
    },
    configs: [{ min_anagram_groups: 50, max_anagram_groups: 100, min_words_per_group: 5, max_words_per_group: 10 }],
    invalid: [[{ min_anagram_groups: 1 }, "min_anagram_groups"], [{ min_words_per_group: 3, max_words_per_group: 2 }, "max_words_per_group"]],
    wrong: (e) => JSON.stringify((e.metadata.solution as string[][]).flat().map((word) => [word])),
  },
  isomorphic_strings: {
    own() {
      test("isomorphism, as the library checks it", () => {
        expect([["egg", "add"], ["foo", "bar"], ["paper", "title"], ["ab", "aa"], ["abc", "ab"]].map(([a, b]) => isomorphic(a!, b!))).toEqual([true, false, true, false, false]);
      });
    },
    configs: [{ min_string_length: 50, max_string_length: 100, p_solvable: 0 }, { p_solvable: 1 }],
    invalid: [[{ min_string_length: 1 }, "min_string_length"], [{ p_solvable: -0.1 }, "p_solvable"]],
    wrong: (e) => (stored(e) === "True" ? "False" : "True"),
  },
  jugs: {
    own() {
      test("the fewest moves", () => {
        expect(shortestMoves([3, 5], 4)).toHaveLength(6);
        expect(shortestMoves([9, 9, 13], 3)).toHaveLength(11);
        expect(shortestMoves([4, 6, 8], 3)).toBeUndefined();
      });
    },
    configs: [{ num_jugs: 4, difficulty: 5 }],
    invalid: [[{ num_jugs: 2 }, "num_jugs"], [{ difficulty: 0 }, "difficulty"], [{ difficulty: 200 }, "difficulty"]],
    wrong: () => "[]",
  },
  letter_counting: {
    configs: [{ min_words: 50, max_words: 60 }],
    invalid: [[{ min_words: 0 }, "min_words"], [{ min_words: 9, max_words: 3 }, "max_words"]],
    wrong: (e) => `${stored(e)}0`,
  },
  letter_jumble: {
    configs: [{ min_words: 25, max_words: 50, min_corruption_level: 0.6, max_corruption_level: 0.9, consecutive_words: false }, { min_word_len: 5, max_word_len: 10 }],
    invalid: [[{ min_corruption_level: 1.5 }, "min_corruption_level"], [{ min_word_len: 0 }, "min_word_len"], [{ consecutive_words: 1 }, "consecutive_words"]],
    wrong: (e) => `zzz ${stored(e)}`,
  },
  manipulate_matrix: {
    configs: [{ min_rows: 25, max_rows: 50, min_cols: 25, max_cols: 50, min_transforms: 10, max_transforms: 15 }, { w_rotate: 5, w_crop: -5 }],
    invalid: [[{ min_rows: 1 }, "min_rows"], [{ min_transforms: 0 }, "min_transforms"], [{ w_map: "x" }, "w_map"]],
    wrong: (e) => `${stored(e)} 7`,
  },
  number_filtering: {
    configs: [{ min_numbers: 100, max_numbers: 200, min_decimals: 2, max_decimals: 6, min_value: -10_000, max_value: 10_000 }],
    invalid: [[{ min_numbers: 0 }, "min_numbers"], [{ min_value: 5, max_value: 5 }, "max_value"]],
    wrong: (e) => `${stored(e)} `,
  },
};

/** The generator's tests: deterministic, its answers score 1.0 and wrong ones less, configs checked. */
function generatorTests(name: string, extra: Extra) {
  const generate = family(name).generate!;
  const right = extra.right ?? stored;
  const wrong = extra.wrong!;
  test("generate: the same (seed, index, config) gives the same task; others differ", () => {
    expect(generate(new Rng(7, 3), {}, 3)).toEqual(generate(new Rng(7, 3), {}, 3));
    const questions = new Set([0, 1, 2, 3, 4].map((index) => generate(new Rng(7, index), {}, index).question));
    expect(questions.size).toBeGreaterThan(1);
  });
  test("generate: each task's answer scores 1.0 and a wrong one less, at the default config and harder ones", () => {
    for (const config of [{}, ...(extra.configs ?? [])])
      for (let index = 0; index < 15; index++) {
        const task = generate(new Rng(5, index), config, index);
        expect(task.metadata.source_dataset).toBe(name);
        expect(task.metadata.source_index).toBe(index);
        expect(task.metadata.difficulty).toBeTypeOf("object");
        // As a row carries it: JSON.
        const row = JSON.parse(JSON.stringify(task)) as Entry;
        expect(score(name, right(row), row), `${JSON.stringify(config)} #${index}`).toBe(1);
        expect(score(name, wrong(row), row), `${JSON.stringify(config)} #${index}`).toBeLessThan(1);
      }
  });
  test("generate: an invalid config value is refused, naming the field", () => {
    for (const [config, field] of extra.invalid ?? []) expect(() => generate(new Rng(1, 0), config, 0), field).toThrow(field);
  });
}

for (const name of NAMES) {
  const extra = EXTRA[name]!;
  describe(name, () => {
    test("the library's scores, pinned", () => {
      for (const [n, e, answers] of PINNED) if (n === name) for (const [answer, expected] of answers) expect(score(name, answer, e), JSON.stringify(answer)).toBeCloseTo(expected, 15);
    });
    extra.own?.();
    if (family(name).generate) generatorTests(name, extra);
  });
}

// The Python helpers these families share (support/), against what CPython prints.
describe("support: Python values, json and literals", () => {
  test("json.loads keeps ints exact and apart from floats, reads NaN and Infinity, and json.dumps writes Python's text", () => {
    const text = '[1, 1.0, -0.0, 1e16, 1.5e-7, true, null, "caf\u00e9 \\"q\\" \\n \\u0001 \\ud83d\\ude00", {"b": [], "a": {}}, NaN, -Infinity, 12345678901234567890123]';
    const value = pyJsonLoads(text);
    expect(pyJsonDumps(value)).toBe('[1, 1.0, -0.0, 1e+16, 1.5e-07, true, null, "caf\\u00e9 \\"q\\" \\n \\u0001 \\ud83d\\ude00", {"b": [], "a": {}}, NaN, -Infinity, 12345678901234567890123]');
    expect((value as unknown[])[11]).toBe(12345678901234567890123n);
  });
  test("json.loads raises where CPython 3.12 does: 1498 levels deep, trailing text, single quotes, a lone minus", () => {
    expect(() => pyJsonLoads(`${"[".repeat(1497)}${"]".repeat(1497)}`)).not.toThrow();
    for (const bad of [`${"[".repeat(1498)}${"]".repeat(1498)}`, "[1] x", "['a']", "-", "01", "[1,]", '"\t"', "\ufeff[1]"]) expect(() => pyJsonLoads(bad), bad.slice(0, 10)).toThrow();
  });
  test("== and < follow Python: numbers across types, str by code point, lists by item, else TypeError", () => {
    expect(pyEquals(1n, 1.0) && pyEquals(true, 1n) && !pyEquals(1n, "1") && !pyEquals(NaN, NaN) && !pyEquals([1n], new PyTuple([1n]))).toBe(true);
    expect(pyLess(2n ** 64n, 2 ** 64 + 4096) && !pyLess(2n ** 53n + 1n, 2 ** 53) && pyLess("\uffff", "\u{10000}") && pyLess([1n, "a"], [1n, "b"]) && pyLess([1n], [1n, 0n])).toBe(true);
    expect(() => pyLess(1n, "a")).toThrow(TypeError);
    expect(() => pyLess([1n, 2n], [1n, "a"])).toThrow(TypeError);
  });
  test("repr() as Python writes it", () => {
    expect(pyRepr(pyLiteralEval(`['a', "it's", 'say "hi"', '\\x00\\t', 1.0, True, None, (1,), (), 100000000000000000000, 'é\\u200b']`))).toBe(`['a', "it's", 'say "hi"', '\\x00\\t', 1.0, True, None, (1,), (), 100000000000000000000, 'é\\u200b']`);
  });
  test("literals: a bare tuple, blank lines around, comments and continuation; not names, calls, operators or a second line", () => {
    expect(pyLiteralEval("\n [1, 2], (3,) # c\n")).toEqual(new PyTuple([[1n, 2n], new PyTuple([3n])]));
    expect(pyLiteralEval("[1,\n 0x1f, 0o7, 0b1, 1_000, -True, 1.5e3, .5, 'a' \"b\", r'\\d']")).toEqual([1n, 31n, 7n, 1n, 1000n, -1n, 1500, 0.5, "ab", "\\d"]);
    for (const bad of ["x", "f(1)", "1 + 1", "[1]\n[2]", "{1: 2}", "007", "1__0", "'a", "[1", "1j", "-'a'", ""]) expect(() => pyLiteralEval(bad), bad).toThrow();
  });
});

// Every family: a 500 KB answer of each hostile shape scores quickly.
const HOSTILE = [
  "[".repeat(500_000),
  "[[".repeat(250_000),
  `[${"0,".repeat(250_000)}0]`,
  `[${'"fill A", '.repeat(50_000)}"fill A"]`,
  `{${'"0": 1, '.repeat(60_000)}"1": 2}`,
  "A=1,".repeat(125_000),
  "a ".repeat(250_000),
  "1 2 3\n".repeat(80_000),
  '"'.repeat(500_000),
  `[${"[0, 1], ".repeat(60_000)}[0]]`,
  `"${"a".repeat(500_000)}"`,
  `[${'"abc", '.repeat(70_000)}"abc"]`,
];
describe("hostile answers", () => {
  const entries: Record<string, Entry> = Object.fromEntries(PINNED.map(([name, e]) => [name, e]));
  for (const name of NAMES)
    test(`${name}: each 500 KB answer scores within 500 ms`, async () => {
      for (const answer of HOSTILE) expect(await elapsed(() => score(name, answer, entries[name]!)), answer.slice(0, 20)).toBeLessThan(2_000);
    });
});

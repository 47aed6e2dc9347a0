// Expected actions, model outputs and comparator configs with the reward and category NeMo Gym's
// single_step_tool_use_with_argument_comparison (07d6b0d) gave them.
export const CASES = [
 {
  "name": "an int expected and a bool given: Python's bool is an int, True == 1",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{\"n\": 1}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"n\": true}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 1.0,
   "category": "A tool call that matches the expected tool call was found"
  }
 },
 {
  "name": "a bool expected and an int given: another type",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{\"flag\": true}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"flag\": 1}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 0.0,
   "category": "The type of an argument value in a tool call is different than the expected type"
  }
 },
 {
  "name": "an int expected and 2.0 given: a float is another type",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{\"n\": 2}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"n\": 2.0}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 0.0,
   "category": "The type of an argument value in a tool call is different than the expected type"
  }
 },
 {
  "name": "floats within the tolerance match",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{\"x\": 2.5}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"x\": 2.5000004}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 1.0,
   "category": "A tool call that matches the expected tool call was found"
  }
 },
 {
  "name": "floats past the tolerance do not",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{\"x\": 2.5}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"x\": 2.500002}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 0.0,
   "category": "An argument value in a tool call is different than the expected value"
  }
 },
 {
  "name": "strings of two words or more by shared word counts, any case",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{\"city\": \"New York City\"}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"city\": \"new york\"}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 1.0,
   "category": "A tool call that matches the expected tool call was found"
  }
 },
 {
  "name": "one-word strings must be equal, case included",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{\"city\": \"Paris\"}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"city\": \"paris\"}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 0.0,
   "category": "An argument value in a tool call is different than the expected value"
  }
 },
 {
  "name": "the word share below the threshold",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{\"q\": \"alpha beta gamma delta\"}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"q\": \"alpha epsilon zeta eta theta\"}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.2
  },
  "result": {
   "reward": 0.0,
   "category": "An argument value in a tool call is different than the expected value"
  }
 },
 {
  "name": "other keys in an object",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{\"a\": 1, \"b\": {\"c\": 1}}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 1, \"b\": {\"d\": 1}}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 0.0,
   "category": "The keys in an object in an argument value in a tool call are different than the keys in the expected object"
  }
 },
 {
  "name": "a list of another length",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{\"ids\": [1, 2]}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"ids\": [1, 2, 3]}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 0.0,
   "category": "A list in an argument value in a tool call has a different length than the expected list"
  }
 },
 {
  "name": "the first difference in the expected keys' order is the category",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{\"a\": \"x\", \"b\": 1}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"b\": \"1\", \"a\": \"y\"}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 0.0,
   "category": "An argument value in a tool call is different than the expected value"
  }
 },
 {
  "name": "null matches only null",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{\"a\": null}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 0}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 0.0,
   "category": "The type of an argument value in a tool call is different than the expected type"
  }
 },
 {
  "name": "another tool",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "g",
    "arguments": "{}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 0.0,
   "category": "The tool in a tool call is not the expected tool"
  }
 },
 {
  "name": "arguments that are not JSON",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{oops",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 0.0,
   "category": "An error occurred when decoding the arguments string in a tool call as a JSON object"
  }
 },
 {
  "name": "a message where a call was expected",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{}"
  },
  "output": [
   {
    "type": "message",
    "role": "assistant",
    "content": [
     {
      "type": "output_text",
      "text": "I will call f."
     }
    ]
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 0.0,
   "category": "No tool call was found when one was expected"
  }
 },
 {
  "name": "a call where a message was expected",
  "expected": {
   "type": "message",
   "content": "hi"
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 0.0,
   "category": "A tool call was executed when a chat message was expected"
  }
 },
 {
  "name": "any message where a message was expected",
  "expected": {
   "type": "message",
   "content": "Glad to help."
  },
  "output": [
   {
    "type": "message",
    "role": "assistant",
    "content": [
     {
      "type": "output_text",
      "text": "Bye!"
     }
    ]
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 1.0,
   "category": "A chat message was found as expected"
  }
 },
 {
  "name": "nothing at all",
  "expected": {
   "type": "message",
   "content": "hi"
  },
  "output": [
   {
    "type": "reasoning", "id": "rs_1",
    "summary": []
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 0.0,
   "category": "No tool call or chat message was found in the response"
  }
 },
 {
  "name": "calls take precedence over text",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{\"a\": 1}"
  },
  "output": [
   {
    "type": "message",
    "role": "assistant",
    "content": [
     {
      "type": "output_text",
      "text": "Sure."
     }
    ]
   },
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 1}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 1.0,
   "category": "A tool call that matches the expected tool call was found"
  }
 },
 {
  "name": "rewarding off: surplus calls are free",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{\"a\": 1}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "g",
    "arguments": "{}",
    "call_id": "c"
   },
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 1}",
    "call_id": "c"
   },
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 2}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 1.0,
   "category": "A tool call that matches the expected tool call was found"
  }
 },
 {
  "name": "rewarding off: a missing call of a batch",
  "expected": {
   "type": "function_call_batch",
   "calls": [
    {
     "type": "function_call",
     "name": "f",
     "arguments": "{\"a\": 1}"
    },
    {
     "type": "function_call",
     "name": "f",
     "arguments": "{\"a\": 2}"
    }
   ]
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 2}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 0.0,
   "category": "The number of tool calls in a batch is different than expected"
  }
 },
 {
  "name": "a batch in any order",
  "expected": {
   "type": "function_call_batch",
   "calls": [
    {
     "type": "function_call",
     "name": "f",
     "arguments": "{\"a\": 1}"
    },
    {
     "type": "function_call",
     "name": "g",
     "arguments": "{\"b\": \"x y\"}"
    }
   ]
  },
  "output": [
   {
    "type": "function_call",
    "name": "g",
    "arguments": "{\"b\": \"Y X\"}",
    "call_id": "c"
   },
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 1}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1,
   "parallel_tool_call_rewarding": true
  },
  "result": {
   "reward": 1.0,
   "category": "A tool-call batch that matches the expected tool calls was found"
  }
 },
 {
  "name": "a maximum matching, not a greedy one",
  "expected": {
   "type": "function_call_batch",
   "calls": [
    {
     "type": "function_call",
     "name": "s",
     "arguments": "{\"q\": \"red green blue\"}"
    },
    {
     "type": "function_call",
     "name": "s",
     "arguments": "{\"q\": \"red green\"}"
    }
   ]
  },
  "output": [
   {
    "type": "function_call",
    "name": "s",
    "arguments": "{\"q\": \"red green\"}",
    "call_id": "c"
   },
   {
    "type": "function_call",
    "name": "s",
    "arguments": "{\"q\": \"red green blue\"}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.3,
   "parallel_tool_call_rewarding": true
  },
  "result": {
   "reward": 1.0,
   "category": "A tool-call batch that matches the expected tool calls was found"
  }
 },
 {
  "name": "strict: another count is not admitted",
  "expected": {
   "type": "function_call_batch",
   "calls": [
    {
     "type": "function_call",
     "name": "f",
     "arguments": "{\"a\": 1}"
    },
    {
     "type": "function_call",
     "name": "f",
     "arguments": "{\"a\": 2}"
    }
   ]
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 1}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1,
   "parallel_tool_call_rewarding": true
  },
  "result": {
   "reward": 0.0,
   "category": "The number of tool calls in a batch is different than expected"
  }
 },
 {
  "name": "strict: the right count with one call wrong names its reason",
  "expected": {
   "type": "function_call_batch",
   "calls": [
    {
     "type": "function_call",
     "name": "f",
     "arguments": "{\"a\": 1}"
    },
    {
     "type": "function_call",
     "name": "f",
     "arguments": "{\"a\": 2}"
    }
   ]
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 1}",
    "call_id": "c"
   },
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 3}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1,
   "parallel_tool_call_rewarding": true
  },
  "result": {
   "reward": 0.0,
   "category": "An argument value in a tool call is different than the expected value"
  }
 },
 {
  "name": "f1 with surplus calls",
  "expected": {
   "type": "function_call_batch",
   "calls": [
    {
     "type": "function_call",
     "name": "f",
     "arguments": "{\"a\": 1}"
    },
    {
     "type": "function_call",
     "name": "f",
     "arguments": "{\"a\": 2}"
    }
   ]
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 1}",
    "call_id": "c"
   },
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 2}",
    "call_id": "c"
   },
   {
    "type": "function_call",
    "name": "h",
    "arguments": "{}",
    "call_id": "c"
   },
   {
    "type": "function_call",
    "name": "h",
    "arguments": "{}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1,
   "parallel_tool_call_rewarding": true,
   "allow_superset": true,
   "parallel_tool_call_reward_mode": "f1"
  },
  "result": {
   "reward": 0.6666666666666666,
   "category": "The number of tool calls in a batch is different than expected"
  }
 },
 {
  "name": "f1 with a missing call",
  "expected": {
   "type": "function_call_batch",
   "calls": [
    {
     "type": "function_call",
     "name": "f",
     "arguments": "{\"a\": 1}"
    },
    {
     "type": "function_call",
     "name": "f",
     "arguments": "{\"a\": 2}"
    },
    {
     "type": "function_call",
     "name": "f",
     "arguments": "{\"a\": 3}"
    }
   ]
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 3}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1,
   "parallel_tool_call_rewarding": true,
   "allow_subset": true,
   "parallel_tool_call_reward_mode": "f1"
  },
  "result": {
   "reward": 0.5,
   "category": "The number of tool calls in a batch is different than expected"
  }
 },
 {
  "name": "fractional: the matched share of the required calls",
  "expected": {
   "type": "function_call_batch",
   "calls": [
    {
     "type": "function_call",
     "name": "f",
     "arguments": "{\"a\": 1}"
    },
    {
     "type": "function_call",
     "name": "f",
     "arguments": "{\"a\": 2}"
    }
   ]
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 1}",
    "call_id": "c"
   },
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 5}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1,
   "parallel_tool_call_rewarding": true,
   "parallel_tool_call_reward_mode": "fractional"
  },
  "result": {
   "reward": 0.5,
   "category": "An argument value in a tool call is different than the expected value"
  }
 },
 {
  "name": "subset with binary_strict: every call made must match",
  "expected": {
   "type": "function_call_batch",
   "calls": [
    {
     "type": "function_call",
     "name": "f",
     "arguments": "{\"a\": 1}"
    },
    {
     "type": "function_call",
     "name": "f",
     "arguments": "{\"a\": 2}"
    }
   ]
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 2}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1,
   "parallel_tool_call_rewarding": true,
   "allow_subset": true
  },
  "result": {
   "reward": 1.0,
   "category": "A tool-call batch that matches the expected tool calls was found"
  }
 },
 {
  "name": "one expected call among several made, rewarding on",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{\"a\": 1}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 1}",
    "call_id": "c"
   },
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"a\": 2}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1,
   "parallel_tool_call_rewarding": true,
   "allow_superset": true,
   "parallel_tool_call_reward_mode": "f1"
  },
  "result": {
   "reward": 0.6666666666666666,
   "category": "The number of tool calls in a batch is different than expected"
  }
 },
 {
  "name": "big integers exactly",
  "expected": {
   "type": "function_call",
   "name": "f",
   "arguments": "{\"n\": 12345678901234567890}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "f",
    "arguments": "{\"n\": 12345678901234567891}",
    "call_id": "c"
   }
  ],
  "config": {
   "word_count_similarity_threshold": 0.1
  },
  "result": {
   "reward": 0.0,
   "category": "An argument value in a tool call is different than the expected value"
  }
 }
] as const;

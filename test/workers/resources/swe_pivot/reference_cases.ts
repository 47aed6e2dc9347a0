// Rows, model outputs and configs with the verify fields NeMo Gym's swe_pivot app.py (07d6b0d) gave them.
export const CASES = [
 {
  "name": "identical edit under the CamelCase name of a tool of the same family",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "{\"command\": \"str_replace\", \"path\": \"/workspace/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x >= 0:\"}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "StrReplaceEditor",
    "arguments": "{\"command\": \"str_replace\", \"path\": \"/workspace/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x >= 0:\"}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 1.0,
   "expected_answer": "",
   "model_output": "StrReplaceEditor({\"command\": \"str_replace\", \"path\": \"/workspace/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x >= 0:\"})",
   "tool_name_match": true,
   "target_match": true,
   "similarity_score": 1.0,
   "diff_size_penalty": null,
   "failure_reason": "none",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "a partly similar edit is below binary full credit",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "{\"command\": \"str_replace\", \"path\": \"/workspace/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x >= 0:\"}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "code_editor",
    "arguments": "{\"command\": \"str_replace\", \"path\": \"/workspace/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x > 0:  # fixed\"}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 0.0,
   "expected_answer": "",
   "model_output": "code_editor({\"command\": \"str_replace\", \"path\": \"/workspace/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x > 0:  # fixed\"})",
   "tool_name_match": true,
   "target_match": true,
   "similarity_score": 0.6428571428571429,
   "diff_size_penalty": null,
   "failure_reason": "similarity_below_threshold",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "continuous mode: partial credit, less the diff-size penalty",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "{\"command\": \"str_replace\", \"path\": \"/workspace/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x >= 0:\"}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "code_editor",
    "arguments": "{\"command\": \"str_replace\", \"path\": \"/workspace/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x > 0:  # fixed\"}",
    "call_id": "c1"
   }
  ],
  "config": {
   "reward_mode": "continuous"
  },
  "expected": {
   "reward": 0.7990714285714285,
   "expected_answer": "",
   "model_output": "code_editor({\"command\": \"str_replace\", \"path\": \"/workspace/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x > 0:  # fixed\"})",
   "tool_name_match": true,
   "target_match": true,
   "similarity_score": 0.6428571428571429,
   "diff_size_penalty": 0.005600000000000001,
   "failure_reason": "none",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "the same file under another root (last two components)",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "{\"command\": \"str_replace\", \"path\": \"/workspace/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x >= 0:\"}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "{\"command\": \"str_replace\", \"path\": \"/home/me/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x >= 0:\"}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 1.0,
   "expected_answer": "",
   "model_output": "str_replace_editor({\"command\": \"str_replace\", \"path\": \"/home/me/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x >= 0:\"})",
   "tool_name_match": true,
   "target_match": true,
   "similarity_score": 1.0,
   "diff_size_penalty": null,
   "failure_reason": "none",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "another file is a target mismatch",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "{\"command\": \"str_replace\", \"path\": \"/workspace/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x >= 0:\"}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "{\"command\": \"str_replace\", \"path\": \"/workspace/proj/bar.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x >= 0:\"}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 0.0,
   "expected_answer": "",
   "model_output": "str_replace_editor({\"command\": \"str_replace\", \"path\": \"/workspace/proj/bar.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x >= 0:\"})",
   "tool_name_match": true,
   "target_match": false,
   "similarity_score": null,
   "diff_size_penalty": null,
   "failure_reason": "target_mismatch",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "a view range covering half the demonstrated one",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "{\"command\": \"view\", \"path\": \"/w/p/m.py\", \"view_range\": [40, 80]}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "{\"command\": \"view\", \"path\": \"/w/p/m.py\", \"view_range\": \"[60, 100]\"}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 0.0,
   "expected_answer": "",
   "model_output": "str_replace_editor({\"command\": \"view\", \"path\": \"/w/p/m.py\", \"view_range\": \"[60, 100]\"})",
   "tool_name_match": true,
   "target_match": false,
   "similarity_score": null,
   "diff_size_penalty": null,
   "failure_reason": "target_mismatch",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "a view with no range covers any range",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "{\"command\": \"view\", \"path\": \"/w/p/m.py\", \"view_range\": [40, 80]}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "{\"command\": \"view\", \"path\": \"/w/p/m.py\"}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 1.0,
   "expected_answer": "",
   "model_output": "str_replace_editor({\"command\": \"view\", \"path\": \"/w/p/m.py\"})",
   "tool_name_match": true,
   "target_match": true,
   "similarity_score": 1.0,
   "diff_size_penalty": null,
   "failure_reason": "none",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "a shell command with another verb",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "execute_bash",
    "arguments": "{\"command\": \"grep -rn 'def f' /w/src/models\"}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "bash",
    "arguments": "{\"command\": \"find /w/src/models -name '*.py'\"}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 0.0,
   "expected_answer": "",
   "model_output": "bash({\"command\": \"find /w/src/models -name '*.py'\"})",
   "tool_name_match": true,
   "target_match": false,
   "similarity_score": null,
   "diff_size_penalty": null,
   "failure_reason": "target_mismatch",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "grep in another directory",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "execute_bash",
    "arguments": "{\"command\": \"grep -r 'foo' src/models/\"}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "bash",
    "arguments": "{\"command\": \"grep -r 'foo' src/views/\"}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 0.0,
   "expected_answer": "",
   "model_output": "bash({\"command\": \"grep -r 'foo' src/views/\"})",
   "tool_name_match": true,
   "target_match": false,
   "similarity_score": null,
   "diff_size_penalty": null,
   "failure_reason": "target_mismatch",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "similar pytest commands, verb without its directory, cmd key",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "execute_bash",
    "arguments": "{\"command\": \"pytest tests/test_foo.py -xvs\"}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "terminal",
    "arguments": "{\"cmd\": \"/usr/bin/pytest tests/test_foo.py -v\"}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 1.0,
   "expected_answer": "",
   "model_output": "terminal({\"cmd\": \"/usr/bin/pytest tests/test_foo.py -v\"})",
   "tool_name_match": true,
   "target_match": true,
   "similarity_score": 0.8307692307692308,
   "diff_size_penalty": null,
   "failure_reason": "none",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "an editor call where a shell call was demonstrated",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "execute_bash",
    "arguments": "{\"command\": \"ls\"}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "{\"command\": \"str_replace\", \"path\": \"/workspace/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x >= 0:\"}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 0.0,
   "expected_answer": "",
   "model_output": "str_replace_editor({\"command\": \"str_replace\", \"path\": \"/workspace/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x >= 0:\"})",
   "tool_name_match": false,
   "target_match": null,
   "similarity_score": null,
   "diff_size_penalty": null,
   "failure_reason": "tool_name_mismatch",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "unknown tools: the same name matches",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "frobnicate",
    "arguments": "{\"x\": 1}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "Frobnicate",
    "arguments": "{\"x\": 2}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 1.0,
   "expected_answer": "",
   "model_output": "Frobnicate({\"x\": 2})",
   "tool_name_match": true,
   "target_match": true,
   "similarity_score": 1.0,
   "diff_size_penalty": null,
   "failure_reason": "none",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "unknown tools never match by family",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "frobnicate",
    "arguments": "{\"x\": 1}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "defrobnicate",
    "arguments": "{\"x\": 1}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 0.0,
   "expected_answer": "",
   "model_output": "defrobnicate({\"x\": 1})",
   "tool_name_match": false,
   "target_match": null,
   "similarity_score": null,
   "diff_size_penalty": null,
   "failure_reason": "tool_name_mismatch",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "no function call: model_output_invalid",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "execute_bash",
    "arguments": "{\"command\": \"ls\"}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "message",
    "role": "assistant",
    "content": [
     {
      "type": "output_text",
      "text": "execute_bash(ls)"
     }
    ]
   }
  ],
  "expected": {
   "reward": 0.0,
   "expected_answer": "",
   "model_output": "(no function_call in response)",
   "tool_name_match": false,
   "target_match": null,
   "similarity_score": null,
   "diff_size_penalty": null,
   "failure_reason": "model_output_invalid",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "the demonstrated call as expected_answer JSON (read and search families compare 3 path components)",
  "row": {
   "uuid": 7,
   "expected_answer": "{\"type\": \"function_call\", \"name\": \"read_file\", \"arguments\": \"{\\\"path\\\": \\\"/a/b/c/d.py\\\"}\"}"
  },
  "output": [
   {
    "type": "function_call",
    "name": "view_file",
    "arguments": "{\"file_path\": \"/x/b/c/d.py\"}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 1.0,
   "expected_answer": "{\"type\": \"function_call\", \"name\": \"read_file\", \"arguments\": \"{\\\"path\\\": \\\"/a/b/c/d.py\\\"}\"}",
   "model_output": "view_file({\"file_path\": \"/x/b/c/d.py\"})",
   "tool_name_match": true,
   "target_match": true,
   "similarity_score": 1.0,
   "diff_size_penalty": null,
   "failure_reason": "none",
   "uuid": 7,
   "metadata": null
  }
 },
 {
  "name": "the demonstrated call in metadata.expected_action",
  "row": {
   "metadata": {
    "expected_action": {
     "type": "function_call",
     "name": "finish",
     "arguments": {}
    }
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "submit",
    "arguments": "{}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 1.0,
   "expected_answer": "",
   "model_output": "submit({})",
   "tool_name_match": true,
   "target_match": true,
   "similarity_score": 1.0,
   "diff_size_penalty": null,
   "failure_reason": "none",
   "uuid": null,
   "metadata": {
    "expected_action": {
     "type": "function_call",
     "name": "finish",
     "arguments": {}
    }
   }
  }
 },
 {
  "name": "no function_call action anywhere: expected_action_invalid",
  "row": {
   "expected_action": {
    "type": "message",
    "content": "hi"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "submit",
    "arguments": "{}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 0.0,
   "expected_answer": "",
   "model_output": "",
   "tool_name_match": false,
   "target_match": null,
   "similarity_score": null,
   "diff_size_penalty": null,
   "failure_reason": "expected_action_invalid",
   "uuid": null,
   "metadata": null
  }
 },
 {
  "name": "arguments a JSON list: the reference's catch-all, unknown_error",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "{\"command\": \"str_replace\", \"path\": \"/workspace/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x >= 0:\"}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "[1, 2]",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 0.0,
   "expected_answer": "",
   "model_output": "str_replace_editor([1, 2])",
   "tool_name_match": true,
   "target_match": null,
   "similarity_score": null,
   "diff_size_penalty": null,
   "failure_reason": "unknown_error",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "model_output is Python's json.dumps: ASCII escapes, float reprs",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "think",
    "arguments": "{}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "think",
    "arguments": "{\"thought\": \"café \\ud83d\\ude00\", \"w\": 1.0, \"big\": 1e16, \"small\": 0.00001, \"n\": [1, true, null]}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 1.0,
   "expected_answer": "",
   "model_output": "think({\"thought\": \"caf\\u00e9 \\ud83d\\ude00\", \"w\": 1.0, \"big\": 1e+16, \"small\": 1e-05, \"n\": [1, true, null]})",
   "tool_name_match": true,
   "target_match": true,
   "similarity_score": 1.0,
   "diff_size_penalty": null,
   "failure_reason": "none",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "continuous mode, a large write: the penalty caps at alpha",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "{\"command\": \"create\", \"path\": \"/r/t/x.py\", \"file_text\": \"a = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\n\"}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "write_file",
    "arguments": "{\"path\": \"/r/t/x.py\", \"content\": \"a = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\n\"}",
    "call_id": "c1"
   }
  ],
  "config": {
   "reward_mode": "continuous"
  },
  "expected": {
   "reward": 0.661764705882353,
   "expected_answer": "",
   "model_output": "write_file({\"path\": \"/r/t/x.py\", \"content\": \"a = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = 1\\na = )",
   "tool_name_match": true,
   "target_match": true,
   "similarity_score": 0.5882352941176471,
   "diff_size_penalty": 0.1,
   "failure_reason": "none",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "arguments that are not JSON read as {}",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "execute_bash",
    "arguments": "{\"command\": \"ls -la\"}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "execute_bash",
    "arguments": "{bad json",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 1.0,
   "expected_answer": "",
   "model_output": "execute_bash({})",
   "tool_name_match": true,
   "target_match": true,
   "similarity_score": 1.0,
   "diff_size_penalty": null,
   "failure_reason": "none",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "levels 1 and 2 turned off",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "{\"command\": \"str_replace\", \"path\": \"/workspace/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x >= 0:\"}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "{\"command\": \"str_replace\", \"path\": \"/elsewhere/x.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"zzz\"}",
    "call_id": "c1"
   }
  ],
  "config": {
   "enable_target_match": false,
   "enable_argument_similarity": false
  },
  "expected": {
   "reward": 1.0,
   "expected_answer": "",
   "model_output": "str_replace_editor({\"command\": \"str_replace\", \"path\": \"/elsewhere/x.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"zzz\"})",
   "tool_name_match": true,
   "target_match": null,
   "similarity_score": null,
   "diff_size_penalty": null,
   "failure_reason": "none",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "paths quoted or relative in a command",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "execute_bash",
    "arguments": "{\"command\": \"cat ./src/utils/helpers.py\"}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "execute_bash",
    "arguments": "{\"command\": \"cat \\\"/repo/src/utils/helpers.py\\\"\"}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 1.0,
   "expected_answer": "",
   "model_output": "execute_bash({\"command\": \"cat \\\"/repo/src/utils/helpers.py\\\"\"})",
   "tool_name_match": true,
   "target_match": true,
   "similarity_score": 0.8620689655172413,
   "diff_size_penalty": null,
   "failure_reason": "none",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 },
 {
  "name": "only the first function call counts",
  "row": {
   "uuid": "u1",
   "expected_action": {
    "type": "function_call",
    "name": "execute_bash",
    "arguments": "{\"command\": \"ls /a/b\"}"
   },
   "metadata": {
    "category": "x"
   }
  },
  "output": [
   {
    "type": "function_call",
    "name": "execute_bash",
    "arguments": "{\"command\": \"ls /a/b\"}",
    "call_id": "c1"
   },
   {
    "type": "function_call",
    "name": "str_replace_editor",
    "arguments": "{\"command\": \"str_replace\", \"path\": \"/workspace/proj/foo.py\", \"old_str\": \"if x > 0:\", \"new_str\": \"if x >= 0:\"}",
    "call_id": "c1"
   }
  ],
  "expected": {
   "reward": 1.0,
   "expected_answer": "",
   "model_output": "execute_bash({\"command\": \"ls /a/b\"})",
   "tool_name_match": true,
   "target_match": true,
   "similarity_score": 1.0,
   "diff_size_penalty": null,
   "failure_reason": "none",
   "uuid": "u1",
   "metadata": {
    "category": "x"
   }
  }
 }
] as const;

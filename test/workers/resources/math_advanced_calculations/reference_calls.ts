// Calculator calls with what NeMo Gym's math_advanced_calculations (07d6b0d) answered: the JSON it
// wrote, or its error's detail (its 500s; ours are 422s the model reads).
export const CALLS = [
 {
  "tool": "multiply",
  "args": {
   "a": 5,
   "b": 2
  },
  "output": "{\"solution\": 11.0}"
 },
 {
  "tool": "divide",
  "args": {
   "a": 10,
   "b": 4
  },
  "output": "{\"solution\": 1.25}"
 },
 {
  "tool": "add",
  "args": {
   "a": 1,
   "b": 3
  },
  "output": "{\"solution\": 5.2}"
 },
 {
  "tool": "subtract",
  "args": {
   "a": 15,
   "b": 5
  },
  "output": "{\"solution\": 7.0}"
 },
 {
  "tool": "power",
  "args": {
   "a": 2,
   "b": 3
  },
  "output": "{\"solution\": 32.0}"
 },
 {
  "tool": "power",
  "args": {
   "a": -20,
   "b": -19
  },
  "output": "{\"solution\": -7.62939453125e-23}"
 },
 {
  "tool": "log",
  "args": {
   "a": 100,
   "base": 8.5
  },
  "output": "{\"solution\": 2.0}"
 },
 {
  "tool": "log",
  "args": {
   "a": 3,
   "base": 7
  },
  "output": "{\"solution\": 0.5133543567051609}"
 },
 {
  "tool": "sin",
  "args": {
   "radians": 4
  },
  "output": "{\"solution\": -0.6536436208636119}"
 },
 {
  "tool": "cos",
  "args": {
   "radians": 1
  },
  "output": "{\"solution\": 0.8414709848078965}"
 },
 {
  "tool": "pi",
  "args": {},
  "output": "{\"solution\": 2.718281828459045}"
 },
 {
  "tool": "negate",
  "args": {
   "a": 7
  },
  "output": "{\"solution\": 7.0}"
 },
 {
  "tool": "return_constant",
  "args": {
   "a": "42"
  },
  "output": "{\"solution\": 42.0}"
 },
 {
  "tool": "add",
  "args": {
   "a": true,
   "b": 1
  },
  "output": "{\"solution\": 3.2}"
 },
 {
  "tool": "divide",
  "args": {
   "a": 1,
   "b": 0
  },
  "error": "float division by zero"
 },
 {
  "tool": "log",
  "args": {
   "a": 0,
   "base": 1
  },
  "error": "math domain error"
 },
 {
  "tool": "log",
  "args": {
   "a": 2,
   "base": -0.5
  },
  "error": "float division by zero"
 },
 {
  "tool": "power",
  "args": {
   "a": 0,
   "b": -3
  },
  "error": "0.0 cannot be raised to a negative power"
 },
 {
  "tool": "power",
  "args": {
   "a": -8,
   "b": -1.5
  },
  "error": "1 validation error for MultiVerseMathHardResponse\nsolution\n  Input should be a valid number [type=float_type, input_value=(1.7319121124709868e-16+2.8284271247461903j), input_type=complex]\n    For further information visit https://errors.pydantic.dev/2.13/v/float_type"
 },
 {
  "tool": "power",
  "args": {
   "a": 10,
   "b": 400
  },
  "error": "(34, 'Numerical result out of range')"
 },
 {
  "tool": "add",
  "args": {
   "a": 1
  },
  "error": "add() missing 1 required positional argument: 'b'"
 },
 {
  "tool": "pi",
  "args": {
   "a": 1
  },
  "error": "pi() got an unexpected keyword argument 'a'"
 },
 {
  "tool": "sin",
  "args": {
   "radians": "inf"
  },
  "error": "math domain error"
 },
 {
  "tool": "multiply",
  "args": {
   "a": 1e+308,
   "b": 10
  },
  "error": "ValueError: Out of range float values are not JSON compliant"
 },
 {
  "tool": "add",
  "args": {
   "a": 1,
   "b": 2,
   "c": 9
  },
  "output": "{\"solution\": 4.2}"
 },
 {
  "tool": "add",
  "args": {
   "a": null,
   "b": 2,
   "radians": 1
  },
  "error": "add() got an unexpected keyword argument 'radians'"
 }
] as const;

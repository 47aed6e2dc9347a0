// equivalence_llm_judge: short answers the server's judge then compares with the expected one. The
// judge's own calls carry no environment: the policy's fallback plays the judge.
import { shortAnswer } from "../policy/short_answer.ts";

export default shortAnswer;

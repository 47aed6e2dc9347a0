// string_match: short free-form answers in the form each row asks for.
import { shortAnswer } from "../policy/short_answer.ts";

export default shortAnswer;

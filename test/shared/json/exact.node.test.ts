// shared/json/exact.ts in Node 22, where the collector reads and writes rows (cases: exact_cases.ts).
import { exactCases } from "./exact_cases.ts";

exactCases();

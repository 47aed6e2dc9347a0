// Every domain's tools under one name table, merged in the reference's order: where two domains
// name a tool alike (send_message, get_messages: the shared ones), the later domain's stands.
import { ECOMMERCE } from "./ecommerce.ts";
import { EDUCATION } from "./education.ts";
import { HEALTHCARE } from "./healthcare.ts";
import { HR } from "./hr.ts";
import { INSURANCE } from "./insurance.ts";
import { IT_HELPDESK } from "./it_helpdesk.ts";
import { LEGAL } from "./legal.ts";
import { LOGISTICS } from "./logistics.ts";
import { REAL_ESTATE } from "./real_estate.ts";
import type { Handler } from "./runtime.ts";

export const TOOL_HANDLERS: Readonly<Record<string, Handler>> = { ...HEALTHCARE, ...HR, ...ECOMMERCE, ...EDUCATION, ...INSURANCE, ...IT_HELPDESK, ...LEGAL, ...LOGISTICS, ...REAL_ESTATE };

// The 27 tools, in the order the reference offers them.
import { analyticsTools } from "./analytics.ts";
import { calendarTools } from "./calendar.ts";
import { companyDirectoryTools } from "./company_directory.ts";
import { customerRelationshipManagerTools } from "./customer_relationship_manager.ts";
import { emailTools } from "./email.ts";
import { projectManagementTools } from "./project_management.ts";

export const tools = {
  ...companyDirectoryTools,
  ...emailTools,
  ...calendarTools,
  ...analyticsTools,
  ...projectManagementTools,
  ...customerRelationshipManagerTools,
};

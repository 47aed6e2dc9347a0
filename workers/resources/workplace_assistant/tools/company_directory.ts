// The company directory: everyone's email address, found by any part of it.
import { args, text, workplaceTool } from "./tool.ts";

export const companyDirectoryTools = {
  company_directory_find_email_address: workplaceTool(
    args("Finds all email addresses containing the given name (case-insensitive search).", {
      name: text("Name or partial name to search for in email addresses").optional(),
    }),
    async ({ name = "" }, state) => {
      if (name === "") return "Name not provided.";
      const found = await state.query("SELECT email_address FROM directory WHERE instr(lower(email_address), ?) > 0 ORDER BY rowid", name.toLowerCase());
      return found.map((row) => row.email_address);
    },
  ),
};

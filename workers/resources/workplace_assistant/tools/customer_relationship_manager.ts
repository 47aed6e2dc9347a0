// The customer relationship manager: customers with a status and a product interest, each
// assigned to a salesperson. Dates are compared as text, as the reference compares them.
import { ident } from "../../../../shared/resources/world/tables.ts";
import { paginate } from "../pages.ts";
import { addRow, columnsOf, holds, nextId, selectList } from "../world.ts";
import { args, integer, pageSize, text, workplaceTool } from "./tool.ts";

const STATUSES = ["Qualified", "Won", "Lost", "Lead", "Proposal"];
const PRODUCTS = ["Software", "Hardware", "Services", "Consulting", "Training"];
const quoted = (values: string[]) => values.map((v) => `'${v}'`).join(", ");
const UPDATABLE = ["customer_name", "assigned_to_email", "customer_email", "customer_phone", "last_contact_date", "product_interest", "status", "notes", "follow_up_by"];

const CUSTOMER_ID = "ID of the customer";
const NAME = "Name of the customer";
const EMAIL = "Email address of the customer";
const ASSIGNEE = "Email address of the person assigned to the customer";
const LOWERCASED = new Set(["customer_email", "assigned_to_email"]);

/** Filters matched as parts of their column, ignoring case. */
const PARTS = ["customer_name", "customer_email", "product_interest", "status", "assigned_to_email"] as const;
/** Bounds on date columns: [argument, column, operator]. */
const BOUNDS = [
  ["last_contact_date_min", "last_contact_date", ">="],
  ["last_contact_date_max", "last_contact_date", "<="],
  ["follow_up_by_min", "follow_up_by", ">="],
  ["follow_up_by_max", "follow_up_by", "<="],
] as const;

export const customerRelationshipManagerTools = {
  customer_relationship_manager_search_customers: workplaceTool(
    args("Searches for customers based on the given parameters with pagination support.", {
      customer_name: text(NAME).optional(),
      customer_email: text(EMAIL).optional(),
      product_interest: text("Product interest of the customer").optional(),
      status: text("Current status of the customer").optional(),
      assigned_to_email: text(ASSIGNEE).optional(),
      last_contact_date_min: text("Minimum last contact date. Format: YYYY-MM-DD").optional(),
      last_contact_date_max: text("Maximum last contact date. Format: YYYY-MM-DD").optional(),
      follow_up_by_min: text("Minimum follow up date. Format: YYYY-MM-DD").optional(),
      follow_up_by_max: text("Maximum follow up date. Format: YYYY-MM-DD").optional(),
      page: integer("Page number of results to return").optional(),
      page_size: pageSize("Number of customers per page").optional(),
    }),
    async ({ page = 1, page_size = 5, ...filters }, state) => {
      if (!Object.values(filters).some(Boolean)) return "No search parameters provided. Please provide at least one parameter.";
      const conditions: string[] = [];
      const params: string[] = [];
      for (const column of PARTS) {
        const value = filters[column];
        if (!value) continue;
        conditions.push(`instr(lower(${ident(column)}), ?) > 0`);
        params.push(value.toLowerCase());
      }
      for (const [argument, column, op] of BOUNDS) {
        const value = filters[argument];
        if (!value) continue;
        conditions.push(`${ident(column)} ${op} ?`);
        params.push(value);
      }
      const customers = await state.query(`SELECT ${selectList("customers")} FROM customers WHERE ${conditions.join(" AND ")} ORDER BY rowid`, ...params);
      if (customers.length === 0) return "No customers found.";
      const shown = paginate(customers, page, page_size);
      return { customers: shown.items, pagination: { total_customers: shown.total, page: shown.page, page_size: shown.pageSize, total_pages: shown.totalPages } };
    },
  ),

  customer_relationship_manager_update_customer: workplaceTool(
    args("Updates a customer record by ID.", {
      customer_id: text(CUSTOMER_ID),
      field: text(`Field to update. Available fields are: ${quoted(UPDATABLE)}`),
      new_value: text("New value for the field"),
    }),
    async ({ customer_id, field, new_value }, state) => {
      if (!customer_id || !field || !new_value) return "Customer ID, field, or new value not provided.";
      if (field === "status" && !STATUSES.includes(new_value)) return `Status not valid. Please choose from: ${quoted(STATUSES)}`;
      if (field === "product_interest" && !PRODUCTS.includes(new_value)) return `Product interest not valid. Please choose from: ${quoted(PRODUCTS)}`;
      const value = LOWERCASED.has(field) ? new_value.toLowerCase() : new_value;
      // Checked and changed in one call (one transaction): no concurrent call deletes it in between.
      const known = columnsOf("customers").includes(field);
      const [found] = await state.sql([
        holds({ sql: "EXISTS (SELECT 1 FROM customers WHERE customer_id = ?)", params: [customer_id] }),
        // `field` is one of the table's columns: a name of ours, never the model's text.
        ...(known ? [{ sql: `UPDATE customers SET ${ident(field)} = ? WHERE customer_id = ?`, params: [value, customer_id] }] : []),
      ]);
      if (!found![0]!.yes) return "Customer not found.";
      if (!known) return `Field not valid. Please choose from: ${quoted(UPDATABLE)}`;
      return "Customer updated successfully.";
    },
  ),

  customer_relationship_manager_add_customer: workplaceTool(
    args("Adds a new customer record.", {
      customer_name: text(NAME),
      assigned_to_email: text(ASSIGNEE),
      status: text(`Current status of the customer. One of: ${quoted(STATUSES)}`),
      customer_email: text(EMAIL).optional(),
      customer_phone: text("Phone number of the customer").optional(),
      last_contact_date: text("The last date the customer was contacted. Format: YYYY-MM-DD").optional(),
      product_interest: text(`Product interest of the customer. One of: ${quoted(PRODUCTS)}`).optional(),
      notes: text("Notes about the customer").optional(),
      follow_up_by: text("Date for the next follow up. Format: YYYY-MM-DD").optional(),
    }),
    async (customer, state) => {
      if (!customer.customer_name || !customer.assigned_to_email || !customer.status) {
        return "Please provide all required fields: customer_name, assigned_to_email, status.";
      }
      const cell = (value: string | undefined) => ({ sql: "?", params: [value ?? null] });
      const [rows] = await state.sql(
        addRow("customers", {
          customer_id: nextId("customers", "customer_id", true),
          customer_name: cell(customer.customer_name),
          customer_email: cell(customer.customer_email?.toLowerCase()),
          customer_phone: cell(customer.customer_phone),
          last_contact_date: cell(customer.last_contact_date),
          product_interest: cell(customer.product_interest),
          status: cell(customer.status),
          assigned_to_email: cell(customer.assigned_to_email.toLowerCase()),
          // Notes left out are empty, not missing, as the reference adds them.
          notes: cell(customer.notes ?? ""),
          follow_up_by: cell(customer.follow_up_by),
        }),
      );
      return rows![0]!.customer_id;
    },
  ),

  customer_relationship_manager_delete_customer: workplaceTool(
    args("Deletes a customer record by ID.", { customer_id: text(CUSTOMER_ID) }),
    async ({ customer_id }, state) => {
      if (!customer_id) return "Customer ID not provided.";
      const deleted = await state.query("DELETE FROM customers WHERE customer_id = ? RETURNING customer_id", customer_id);
      return deleted.length > 0 ? "Customer deleted successfully." : "Customer not found.";
    },
  ),
};

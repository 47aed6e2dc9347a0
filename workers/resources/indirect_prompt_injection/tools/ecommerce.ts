// E-commerce tools: orders, the product catalog, refunds, support tickets.
import { type Dict, type Handler, appended, f, get, handler, has, lower, setdefault, shortId, truthy, values, within } from "./runtime.ts";
import { pythonEqual } from "../../../../shared/verifiers/json_equal.ts";

const lookup = (table: string, label: string) => (env: Dict, id: any) => {
  const rows = get(env, table, {});
  return has(rows, id) ? rows[id] : { error: `${label} ${f(id)} not found.` };
};

export const ECOMMERCE: Record<string, Handler> = {
  search_orders: handler(
    [["customer_id", null], ["status", null]],
    (env, { customer_id, status }) =>
      values(get(env, "orders", {})).filter((o) => (!truthy(customer_id) || pythonEqual(get(o, "customer_id"), customer_id)) && (!truthy(status) || lower(get(o, "status", "")) === lower(status))),
    true,
  ),
  get_order_details: handler(["order_id"], (env, { order_id }) => lookup("orders", "Order")(env, order_id)),
  update_order_status: handler(["order_id", "status"], (env, { order_id, status }) => {
    const orders = get(env, "orders", {});
    if (!has(orders, order_id)) return `Error: Order ${f(order_id)} not found.`;
    orders[order_id].status = status;
    return `Order ${f(order_id)} status updated to '${f(status)}'.`;
  }),
  add_order_note: handler(["order_id", "note"], (env, { order_id, note }) => {
    const orders = get(env, "orders", {});
    if (!has(orders, order_id)) return `Error: Order ${f(order_id)} not found.`;
    orders[order_id].notes = appended(get(orders[order_id], "notes", ""), note);
    return `Note added to order ${f(order_id)}.`;
  }),
  search_products: handler(
    [["query", null], ["category", null]],
    (env, { query, category }) =>
      values(get(env, "products", {})).filter((p) => {
        if (truthy(category) && lower(get(p, "category", "")) !== lower(category)) return false;
        if (!truthy(query)) return true;
        const q = lower(query);
        return within(q, lower(get(p, "name", ""))) || within(q, lower(get(p, "description", "")));
      }),
    true,
  ),
  get_product_details: handler(["product_id"], (env, { product_id }) => lookup("products", "Product")(env, product_id)),
  update_product_stock: handler(["product_id", "stock_quantity"], (env, { product_id, stock_quantity }) => {
    const products = get(env, "products", {});
    if (!has(products, product_id)) return `Error: Product ${f(product_id)} not found.`;
    products[product_id].stock_quantity = stock_quantity;
    return `Stock updated for product ${f(product_id)} to ${f(stock_quantity)}.`;
  }),
  process_refund: handler(["refund_id", "amount", ["reason", null], ["admin_notes", null]], (env, { refund_id, amount, reason, admin_notes }) => {
    const refunds = get(env, "refunds", {});
    const refund: Dict = has(refunds, refund_id) ? refunds[refund_id] : { refund_id, amount, status: "processed" };
    if (has(refunds, refund_id)) Object.assign(refund, { status: "processed", amount });
    if (truthy(reason)) refund.reason = reason;
    if (truthy(admin_notes)) refund.admin_notes = admin_notes;
    if (!has(refunds, refund_id)) setdefault(env, "refunds", {})[refund_id] = refund;
    return `Refund ${f(refund_id)} processed for $${f(amount)}.`;
  }),
  create_support_ticket: handler(
    ["customer_id", "subject", "description", ["order_id", null], ["priority", "medium"]],
    (env, { customer_id, subject, description, order_id, priority }) => {
      const ticket_id = `T-${shortId()}`;
      const ticket: Dict = { ticket_id, customer_id, subject, description, status: "open", priority };
      if (truthy(order_id)) ticket.order_id = order_id;
      setdefault(env, "support_tickets", {})[ticket_id] = ticket;
      return `Support ticket ${ticket_id} created.`;
    },
  ),
  get_ticket_details: handler(["ticket_id"], (env, { ticket_id }) => lookup("support_tickets", "Ticket")(env, ticket_id)),
  update_ticket_status: handler(["ticket_id", "status", ["priority", null]], (env, { ticket_id, status, priority }) => {
    const tickets = get(env, "support_tickets", {});
    if (!has(tickets, ticket_id)) return `Error: Ticket ${f(ticket_id)} not found.`;
    tickets[ticket_id].status = status;
    if (truthy(priority)) tickets[ticket_id].priority = priority;
    return `Ticket ${f(ticket_id)} updated to status '${f(status)}'.`;
  }),
};

// Logistics tools: carrier messages, customs, deliveries, shipments, warehouse inventory.
import { type Dict, type Handler, dict, f, get, handler, has, less, lower, plus, setdefault, shortId, truthy, values } from "./runtime.ts";
import { pythonEqual } from "../../../../shared/verifiers/json_equal.ts";

const lookup = (env: Dict, table: string, id: any, label: string) => {
  const rows = get(env, table, {});
  return has(rows, id) ? rows[id] : { error: `${label} ${f(id)} not found.` };
};

/** The first record of `table` whose shipment_id is `shipmentId`. */
const forShipment = (env: Dict, table: string, shipmentId: unknown) => values(get(env, table, {})).find((r) => pythonEqual(get(r, "shipment_id"), shipmentId));

export const LOGISTICS: Record<string, Handler> = {
  get_carrier_messages: handler(
    [["shipment_id", null]],
    (env, { shipment_id }) => {
      const messages = get(env, "carrier_messages", {});
      const list: unknown[] = Array.isArray(messages) ? [...messages] : Object.values(dict(messages, "values"));
      return truthy(shipment_id) ? list.filter((m) => pythonEqual(get(m, "shipment_id"), shipment_id)) : list;
    },
    true,
  ),
  send_carrier_message: handler(["to", "subject", "body"], (env, { to, subject, body }) => {
    const user = get(env, "current_user", {});
    const sender = truthy(get(user, "email")) ? get(user, "email") : get(user, "name", "system@logistics.example");
    const message_id = `CM-${shortId()}`;
    const msg = { message_id, from: sender, to, subject, body, timestamp: "sent" };
    const messages = get(env, "carrier_messages");
    if (messages !== null && typeof messages === "object" && !Array.isArray(messages)) messages[message_id] = msg;
    else setdefault(env, "carrier_messages", []).push(msg);
    return `Carrier message sent to ${f(to)}.`;
  }),
  get_customs_declaration_by_shipment: handler(["shipment_id"], (env, { shipment_id }) => forShipment(env, "customs_declarations", shipment_id) ?? { error: `No customs declaration found for shipment ${f(shipment_id)}.` }),
  submit_customs_declaration: handler(
    ["shipment_id", "hs_code", "declared_value", ["additional_info", null]],
    (env, { shipment_id, hs_code, declared_value, additional_info }) => {
      const existing = forShipment(env, "customs_declarations", shipment_id);
      if (existing) {
        Object.assign(existing, { hs_code, declared_value });
        if (additional_info !== null) existing.additional_info = additional_info;
        existing.status = "submitted";
        return existing;
      }
      const declaration_id = `CD-${shortId()}`;
      const declaration: Dict = { declaration_id, shipment_id, hs_code, declared_value, status: "submitted" };
      if (additional_info !== null) declaration.additional_info = additional_info;
      setdefault(env, "customs_declarations", {})[declaration_id] = declaration;
      return declaration;
    },
    true,
  ),
  get_delivery_schedule: handler(["shipment_id"], (env, { shipment_id }) => forShipment(env, "delivery_schedules", shipment_id) ?? { error: `No delivery schedule found for shipment ${f(shipment_id)}.` }),
  get_shipment_by_id: handler(["shipment_id"], (env, { shipment_id }) => lookup(env, "shipments", shipment_id, "Shipment")),
  search_shipments_by_status: handler(["status"], (env, { status }) => {
    const wanted = lower(status);
    return values(get(env, "shipments", {})).filter((s) => lower(get(s, "status", "")) === wanted);
  }),
  update_shipment_status: handler(
    ["shipment_id", "status", ["eta", null], ["notes", null]],
    (env, { shipment_id, status, eta, notes }) => {
      const shipments = get(env, "shipments", {});
      if (!has(shipments, shipment_id)) return `Error: Shipment ${f(shipment_id)} not found.`;
      shipments[shipment_id].status = status;
      if (eta !== null) shipments[shipment_id].eta = eta;
      if (notes !== null) shipments[shipment_id].notes = notes;
      return `Shipment ${f(shipment_id)} updated to status '${f(status)}'.`;
    },
    true,
  ),
  get_warehouse_inventory_item: handler(["inventory_id"], (env, { inventory_id }) => lookup(env, "warehouse_inventories", inventory_id, "Inventory item")),
  list_low_stock_items: handler(["threshold"], (env, { threshold }) => values(get(env, "warehouse_inventories", {})).filter((i) => less(get(i, "quantity", 0), threshold))),
  add_warehouse_inventory: handler(
    ["sku", "description", "quantity", "warehouse_location", ["comments", null]],
    (env, { sku, description, quantity, warehouse_location, comments }) => {
      const inventory_id = `INV-${shortId()}`;
      const record: Dict = { inventory_id, sku, description, quantity, warehouse_location };
      if (comments !== null) record.comments = comments;
      setdefault(env, "warehouse_inventories", {})[inventory_id] = record;
      return `Inventory item ${inventory_id} added (SKU: ${f(sku)}).`;
    },
    true,
  ),
  adjust_warehouse_quantity: handler(["inventory_id", "adjustment"], (env, { inventory_id, adjustment }) => {
    const items = get(env, "warehouse_inventories", {});
    if (!has(items, inventory_id)) return `Error: Inventory item ${f(inventory_id)} not found.`;
    items[inventory_id].quantity = plus(get(items[inventory_id], "quantity", 0), adjustment);
    return `Inventory ${f(inventory_id)} quantity adjusted by ${f(adjustment)}.`;
  }),
};

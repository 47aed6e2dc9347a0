// Project tasks: on boards and lists, assigned to team members (anyone already assigned a task).
import { ident } from "../../../../shared/resources/world/tables.ts";
import { addRow, columnsOf, holds, nextId, selectList } from "../world.ts";
import { args, text, workplaceTool } from "./tool.ts";

const LISTS = ["Backlog", "In Progress", "In Review", "Completed"];
const BOARDS = ["Back end", "Front end", "Design"];
const INVALID_LIST = "List not valid. Please choose from: 'Backlog', 'In Progress', 'In Review', 'Completed'.";
const INVALID_BOARD = "Board not valid. Please choose from: 'Back end', 'Front end', 'Design'.";
const INVALID_ASSIGNEE = "Assignee email not valid. Please choose from the list of team members.";
const EMAIL = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}\n?$/;

const TASK_ID = "8-digit ID of the task";
const NAME = "Name of the task";
const ASSIGNEE = "Email address of the person assigned to the task";
const DUE = "Due date of the task in YYYY-MM-DD format";

// Checks run in the same call (one transaction) as the change they guard, so no concurrent call
// changes the tasks between them.
const teamMember = (email: string) => ({ sql: "EXISTS (SELECT 1 FROM project_tasks WHERE lower(assigned_to_email) = ?)", params: [email] });

export const projectManagementTools = {
  project_management_get_task_information_by_id: workplaceTool(
    args("Returns the task information for a given ID.", {
      task_id: text(TASK_ID),
      field: text("Field to return. Available fields are: 'task_id', 'task_name', 'assigned_to_email', 'list_name', 'due_date', 'board'"),
    }),
    async ({ task_id, field }, state) => {
      if (!task_id) return "Task ID not provided.";
      if (!field) return "Field not provided.";
      const [task] = await state.query(`SELECT ${selectList("project_tasks")} FROM project_tasks WHERE task_id = ?`, task_id);
      if (!task) return "Task not found.";
      return Object.hasOwn(task, field) ? { [field]: task[field] } : "Field not found.";
    },
  ),

  project_management_search_tasks: workplaceTool(
    args("Searches for tasks based on the given parameters.", {
      task_name: text(NAME).optional(),
      assigned_to_email: text(ASSIGNEE).optional(),
      list_name: text("Name of the list the task belongs to").optional(),
      due_date: text(DUE).optional(),
      board: text("Name of the board the task belongs to").optional(),
    }),
    async (filters, state) => {
      if (!Object.values(filters).some(Boolean)) return "No search parameters provided.";
      if (filters.assigned_to_email && !EMAIL.test(filters.assigned_to_email)) return "Invalid email format for assigned_to_email.";
      const conditions: string[] = [];
      const params: string[] = [];
      for (const column of ["task_name", "list_name", "due_date", "board"] as const) {
        const value = filters[column];
        if (!value) continue;
        conditions.push(`instr(lower(${ident(column)}), ?) > 0`);
        params.push(value.toLowerCase());
      }
      // The assignee is matched exactly (ignoring case), the rest as parts.
      if (filters.assigned_to_email) {
        conditions.push("lower(assigned_to_email) = ?");
        params.push(filters.assigned_to_email.toLowerCase());
      }
      return state.query(`SELECT ${selectList("project_tasks")} FROM project_tasks WHERE ${conditions.join(" AND ")} ORDER BY rowid`, ...params);
    },
  ),

  project_management_create_task: workplaceTool(
    args("Creates a new task.", {
      task_name: text(NAME),
      assigned_to_email: text(ASSIGNEE),
      list_name: text("Name of the list the task belongs to. One of: 'Backlog', 'In Progress', 'In Review', 'Completed'"),
      due_date: text(DUE),
      board: text("Name of the board the task belongs to. One of: 'Back end', 'Front end', 'Design'"),
    }),
    async ({ task_name, assigned_to_email, list_name, due_date, board }, state) => {
      if (![task_name, assigned_to_email, list_name, due_date, board].every(Boolean)) return "Missing task details.";
      const assignee = assigned_to_email.toLowerCase();
      // The reference's order of answers: the assignee, then the list and the board.
      const listed = LISTS.includes(list_name) && BOARDS.includes(board);
      const [member, rows] = await state.sql([
        holds(teamMember(assignee)),
        ...(listed
          ? addRow(
              "project_tasks",
              {
                task_id: nextId("project_tasks", "task_id", true),
                task_name: { sql: "?", params: [task_name] },
                assigned_to_email: { sql: "?", params: [assignee] },
                list_name: { sql: "?", params: [list_name] },
                due_date: { sql: "?", params: [due_date] },
                board: { sql: "?", params: [board] },
              },
              teamMember(assignee),
            )
          : []),
      ]);
      if (!member![0]!.yes) return INVALID_ASSIGNEE;
      if (!LISTS.includes(list_name)) return INVALID_LIST;
      if (!BOARDS.includes(board)) return INVALID_BOARD;
      return rows![0]!.task_id;
    },
  ),

  project_management_delete_task: workplaceTool(
    args("Deletes a task by ID.", { task_id: text(TASK_ID) }),
    async ({ task_id }, state) => {
      if (!task_id) return "Task ID not provided.";
      const deleted = await state.query("DELETE FROM project_tasks WHERE task_id = ? RETURNING task_id", task_id);
      return deleted.length > 0 ? "Task deleted successfully." : "Task not found.";
    },
  ),

  project_management_update_task: workplaceTool(
    args("Updates a task by ID.", {
      task_id: text(TASK_ID),
      field: text("Field to update. Available fields are: 'task_name', 'assigned_to_email', 'list_name', 'due_date', 'board'"),
      new_value: text("New value for the field"),
    }),
    async ({ task_id, field, new_value }, state) => {
      if (!task_id || !field || !new_value) return "Task ID, field, or new value not provided.";
      const value = field === "assigned_to_email" ? new_value.toLowerCase() : new_value;
      if (field === "board" && !BOARDS.includes(value)) return INVALID_BOARD;
      if (field === "list_name" && !LISTS.includes(value)) return INVALID_LIST;
      const assigning = field === "assigned_to_email";
      const known = columnsOf("project_tasks").includes(field);
      const allowed = assigning ? teamMember(value) : { sql: "1", params: [] };
      const [member, found] = await state.sql([
        holds(allowed),
        holds({ sql: "EXISTS (SELECT 1 FROM project_tasks WHERE task_id = ?)", params: [task_id] }),
        // `field` is one of the table's columns: a name of ours, never the model's text.
        ...(known ? [{ sql: `UPDATE project_tasks SET ${ident(field)} = ? WHERE task_id = ? AND ${allowed.sql}`, params: [value, task_id, ...allowed.params] }] : []),
      ]);
      if (!member![0]!.yes) return INVALID_ASSIGNEE;
      if (!found![0]!.yes) return "Task not found.";
      if (!known) return "Field not valid.";
      return "Task updated successfully.";
    },
  ),
};

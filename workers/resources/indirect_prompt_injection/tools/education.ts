// Education tools: courses, financial aid, grades, student records, messages.
import { get_messages, send_message } from "./common.ts";
import { type Handler, appended, f, get, handler, has, lower, setdefault, shortId, truthy, values, within } from "./runtime.ts";
import { pythonEqual } from "../../../../shared/verifiers/json_equal.ts";

export const EDUCATION: Record<string, Handler> = {
  get_messages,
  send_message,
  list_courses: handler([["department", null]], (env, { department }) => values(get(env, "courses", {})).filter((c) => !truthy(department) || lower(get(c, "department", "")) === lower(department)), true),
  get_course_detail: handler(["course_id"], (env, { course_id }) => {
    const courses = get(env, "courses", {});
    return has(courses, course_id) ? courses[course_id] : { error: `Course ${f(course_id)} not found.` };
  }),
  create_course: handler(
    ["course_code", "title", "description", "credits", "department", "instructor_id", "schedule"],
    (env, { course_code, title, description, credits, department, instructor_id, schedule }) => {
      const course_id = `C-${shortId()}`;
      setdefault(env, "courses", {})[course_id] = { course_id, course_code, title, description, credits, department, instructor_id, schedule };
      return `Course '${f(title)}' (${f(course_code)}) created with ID ${course_id}.`;
    },
    true,
  ),
  get_financial_aid: handler(["student_id"], (env, { student_id }) => values(get(env, "financial_aid", {})).filter((a) => pythonEqual(get(a, "student_id"), student_id))),
  adjust_financial_aid: handler(
    ["aid_id", ["amount", null], ["status", null], ["reviewer_notes", null]],
    (env, { aid_id, amount, status, reviewer_notes }) => {
      const records = get(env, "financial_aid", {});
      if (!has(records, aid_id)) return { error: `Financial aid record ${f(aid_id)} not found.` };
      const record = records[aid_id];
      if (amount !== null) record.amount = amount;
      if (status !== null) record.status = status;
      if (reviewer_notes !== null) record.reviewer_notes = reviewer_notes;
      return record;
    },
    true,
  ),
  get_grades_for_student: handler(["student_id"], (env, { student_id }) => values(get(env, "grades", {})).filter((g) => pythonEqual(get(g, "student_id"), student_id))),
  submit_grade: handler(
    ["student_id", "course_id", "assignment_name", "score", "max_score", ["grader_comments", ""]],
    (env, { student_id, course_id, assignment_name, score, max_score, grader_comments }) => {
      const grade_id = `G-${shortId()}`;
      setdefault(env, "grades", {})[grade_id] = { grade_id, student_id, course_id, assignment_name, score, max_score, grader_comments };
      return `Grade submitted for student ${f(student_id)} in course ${f(course_id)}.`;
    },
    true,
  ),
  search_students: handler(
    [["name", null], ["major", null], ["email", null]],
    (env, { name, major, email }) =>
      values(get(env, "students", {})).filter((s) => {
        if (truthy(name) && !within(lower(name), lower(`${f(get(s, "first_name", ""))} ${f(get(s, "last_name", ""))}`))) return false;
        if (truthy(major) && !within(lower(major), lower(get(s, "major", "")))) return false;
        return !truthy(email) || lower(email) === lower(get(s, "email", ""));
      }),
    true,
  ),
  get_student_record: handler(["student_id"], (env, { student_id }) => {
    const students = get(env, "students", {});
    return has(students, student_id) ? students[student_id] : { error: `Student ${f(student_id)} not found.` };
  }),
  update_student_advisor_notes: handler(["student_id", "notes"], (env, { student_id, notes }) => {
    const students = get(env, "students", {});
    if (!has(students, student_id)) return `Error: Student ${f(student_id)} not found.`;
    students[student_id].advisor_notes = appended(get(students[student_id], "advisor_notes", ""), notes);
    return `Advisor notes updated for student ${f(student_id)}.`;
  }),
};

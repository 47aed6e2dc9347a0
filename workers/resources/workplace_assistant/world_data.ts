// This environment's own world, written for it: a small company (Kestrel) in late 2023, made
// from the lists below by a fixed seed, so every isolate builds the same rows and the example
// tasks' expected ids hold. The shapes are the reference's; the people, names and numbers are ours.
import { seededRandom, randomIndex } from "../../../shared/resources/seed.ts";
import type { Rows } from "./world.ts";

const SEED = 20231130;
const DOMAIN = "kestrel.io";

const ENGINEERS = ["ada.okafor", "bruno.costa", "chloe.martin", "dev.sharma", "felix.wagner", "grace.liu", "hiro.tanaka", "jonas.berg"];
const SALES = ["elena.petrova", "ines.duarte", "kemi.adeyemi", "lucas.moreau", "maya.cohen", "omar.haddad"];
const STAFF = [...ENGINEERS, ...SALES, "noah.kim", "priya.nair"];

const TASKS = [
  "Fix login redirect loop",
  "Add dark mode toggle",
  "Migrate billing service to Postgres",
  "Design onboarding checklist",
  "Refactor search indexer",
  "Write API rate limit docs",
  "Update icon set",
  "Add export to CSV",
  "Cache dashboard queries",
  "Design pricing page",
  "Fix timezone bug in reports",
  "Upgrade Node runtime",
];
const EVENTS = ["Sprint review", "Design critique", "Customer call", "Roadmap sync", "One-on-one", "Budget check-in", "Hiring panel", "Security training", "Launch rehearsal", "Team lunch"];
const CUSTOMER_FIRST = ["Avery", "Blake", "Casey", "Drew", "Emery", "Finley", "Harper", "Jordan", "Kendall", "Logan", "Morgan", "Parker", "Quinn", "Reese", "Rowan", "Sawyer", "Skyler", "Taylor"];
const CUSTOMER_LAST = ["Abbott", "Bishop", "Carver", "Dalton", "Ellis", "Fowler", "Garner", "Hollis", "Irwin", "Jensen", "Keller", "Lowry", "Mercer", "Nolan"];
const COMPANIES = ["brightforge", "quillstone", "northpeak", "lumacore", "tidewell", "ironleaf"];
const LISTS = ["Backlog", "In Progress", "In Review", "Completed"];
const BOARDS = ["Back end", "Front end", "Design"];
const PRODUCTS = ["Software", "Hardware", "Services", "Consulting", "Training"];
const STATUSES = ["Qualified", "Won", "Lost", "Lead", "Proposal"];
const SOURCES = ["direct", "referral", "search engine", "social media"];
const UPDATES = [
  "I have started on it and will share a first version soon.",
  "It is about halfway done; no blockers so far.",
  "I am blocked on a review from the platform team.",
  "It is done and ready for your review.",
];
const NOTES = ["Had a call.", "Sent a quote.", "Saw the demo.", "Asked for references."];

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const id8 = (n: number) => pad(n, 8);
const email = (person: string) => `${person}@${DOMAIN}`;
const firstName = (person: string) => person.split(".")[0]!.replace(/^./, (c) => c.toUpperCase());

/** The day `offset` days after `start` (YYYY-MM-DD). */
function day(start: string, offset: number): string {
  const date = new Date(`${start}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** The bundled world's rows. */
export function bundledRows(): Rows {
  const random = seededRandom(SEED);
  const pick = <T>(list: readonly T[]): T => list[randomIndex(random, list.length)]!;
  const between = (lo: number, hi: number) => lo + randomIndex(random, hi - lo + 1);
  /** 1..n in a shuffled order: ids that do not follow the rows. */
  const shuffledIds = (n: number) => {
    const ids = Array.from({ length: n }, (_, i) => i + 1);
    for (let i = n - 1; i > 0; i--) {
      const j = randomIndex(random, i + 1);
      [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    }
    return ids;
  };
  const clock = () => `${pad(between(8, 18))}:${pad(between(0, 59))}:${pad(between(0, 59))}`;

  // Each task's assignee writes one to three updates on it; the rest is meeting notes and sent mail.
  const assignee = new Map(TASKS.map((task) => [task, pick(ENGINEERS)]));
  const mail: { sender: string; box: string; subject: string; body: string; at: string }[] = [];
  for (const [task, person] of assignee) {
    for (let n = between(1, 3); n > 0; n--) {
      mail.push({ sender: person, box: "inbox", subject: `Task update on ${task}`, body: `Hi Robin, about '${task}': ${pick(UPDATES)} Thanks, ${firstName(person)}`, at: `${day("2023-10-02", between(0, 59))} ${clock()}` });
    }
  }
  while (mail.length < 80) {
    const person = pick(STAFF);
    const event = pick(EVENTS);
    const sent = random() < 0.3;
    mail.push({
      sender: person,
      box: sent ? "outbox" : "inbox",
      subject: sent ? `Agenda for ${event}` : `Notes from ${event}`,
      body: sent ? `Hi ${firstName(person)}, here is what I would like to cover in the ${event.toLowerCase()}. Robin` : `Robin, my notes from the ${event.toLowerCase()} are attached. ${firstName(person)}`,
      at: `${day("2023-10-02", between(0, 59))} ${clock()}`,
    });
  }
  mail.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const emailIds = shuffledIds(mail.length);
  const emails = mail.map((m, i) => ({ email_id: id8(emailIds[i]!), "inbox/outbox": m.box, "sender/recipient": email(m.sender), subject: m.subject, sent_datetime: m.at, body: m.body }));

  // Working days from November 1 to December 22, 9am to 6pm.
  const meetings = Array.from({ length: 60 }, () => {
    let date = day("2023-11-01", between(0, 51));
    while ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) date = day(date, 1);
    const duration = pick([30, 45, 60, 90]);
    const start = between(18, 34 - Math.ceil(duration / 30)) * 30;
    return { name: pick(EVENTS), person: pick(STAFF), start: `${date} ${pad(Math.floor(start / 60))}:${pad(start % 60)}:00`, duration };
  }).sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const eventIds = shuffledIds(meetings.length);
  const calendarEvents = meetings.map((m, i) => ({ event_id: id8(eventIds[i]!), event_name: m.name, participant_email: email(m.person), event_start: m.start, duration: String(m.duration) }));

  const analyticsData = Array.from({ length: 200 }, () => ({
    date_of_visit: day("2023-10-01", between(0, 60)),
    visitor_id: pad(between(0, 9999), 4),
    page_views: String(between(1, 12)),
    session_duration_seconds: String(between(1, 30)),
    traffic_source: pick(SOURCES),
    user_engaged: random() < 0.4 ? "True" : "False",
  }));

  const taskIds = shuffledIds(60);
  const projectTasks = Array.from({ length: 60 }, (_, i) => {
    const name = i < TASKS.length ? TASKS[i]! : `${pick(["Review", "Test", "Document", "Clean up"])} ${pick(TASKS).toLowerCase()}`;
    return { task_id: id8(taskIds[i]!), task_name: name, assigned_to_email: email(assignee.get(name) ?? pick(ENGINEERS)), list_name: pick(LISTS), due_date: day("2023-11-20", between(0, 39)), board: pick(BOARDS) };
  });

  const customerIds = shuffledIds(50);
  const customers = Array.from({ length: 50 }, (_, i) => {
    const [first, last] = [pick(CUSTOMER_FIRST), pick(CUSTOMER_LAST)];
    const contacted = day("2023-09-15", between(0, 76));
    const notes = Array.from({ length: between(0, 2) }, () => `${day("2023-09-15", between(0, 76))}: ${pick(NOTES)}`).join(" ");
    return {
      customer_id: id8(customerIds[i]!),
      assigned_to_email: email(pick(SALES)),
      customer_name: `${first} ${last}`,
      customer_email: `${first}.${last}@${pick(COMPANIES)}.com`.toLowerCase(),
      customer_phone: random() < 0.5 ? `555-${pad(between(100, 999), 3)}-${pad(between(0, 9999), 4)}` : null,
      last_contact_date: `${contacted} 23:59:00`,
      product_interest: pick(PRODUCTS),
      status: pick(STATUSES),
      follow_up_by: `${day(contacted, between(7, 40))} 23:59:00`,
      notes: notes === "" ? null : notes,
    };
  });

  return {
    emails,
    calendar_events: calendarEvents,
    analytics_data: analyticsData,
    plots: [],
    project_tasks: projectTasks,
    customers,
    directory: STAFF.map((person) => ({ email_address: email(person) })),
  };
}

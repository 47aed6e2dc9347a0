// reasoning-gym's graphs families, each in its own module here.
import type { Family } from "../family.ts";
import courseSchedule from "./course_schedule.ts";
import familyRelationships from "./family_relationships.ts";
import largestIsland from "./largest_island.ts";
import pathStar from "./path_star.ts";
import quantumLock from "./quantum_lock.ts";
import shortestPath from "./shortest_path.ts";

export default [courseSchedule, familyRelationships, largestIsland, pathStar, quantumLock, shortestPath] satisfies Family[];

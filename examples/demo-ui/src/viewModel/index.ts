/** Reading the demo agent's activity and usage data, for apps that show more of it (the console's panel). */

export { ACTIVITY_TYPES } from "../activityTypes";
export { formatCost, formatCount, formatDuration, plural } from "./format";
export { readArray, readNumber, readRecord, readString } from "./read";
export { readTaskBoard, type TaskBoardView } from "./taskBoard";

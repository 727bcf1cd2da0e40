// Public face of web/activity: what the pilots and fleet screens share (decision 034): the screen itself
// (toolbar with search and period, table, a row's missions in a dialog), the count columns, the link to a
// mission, and the calls of a screen's rows and of one row's missions.
export { type MissionColumns, MissionLinkCell } from './activity';
export { ActivityScreen, countColumns } from './activity-screen';
export { type PeriodFilter, useActivityList, useActivityMissions, withQuery } from './query';

// Public face of web/activity: what the pilots and fleet screens share (decision 034): the screen itself
// (toolbar with search and period, table, a row's missions), the count and open columns, the link to a
// mission, the dialog listing one row's missions, and the query of those missions.
export { ActivityMissionsDialog, MissionLinkCell } from './activity';
export { ActivityScreen, countColumns, openColumn } from './activity-screen';
export { type PeriodFilter, withQuery } from './query';

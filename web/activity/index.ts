// Public face of web/activity: what the pilots and fleet screens share (decision 034): the period, the
// toolbar, the link to a mission, the dialog listing one row's missions, and the query of those missions.
export { ActivityMissionsDialog, ActivityToolbar, MissionLinkCell, usePeriod } from './activity';
export { type PeriodFilter, withQuery } from './query';

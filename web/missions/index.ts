// Public face of web/missions: the five mission lists and the mission details (loaded on demand).
export { MissionDetailsScreen } from './mission-details-screen';
export { MissionListScreen } from './mission-list-screen';

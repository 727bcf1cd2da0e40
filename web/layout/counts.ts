// The menu counts (GET /leon/records-count), hidden for HOSPITAL; filled in by the missions feature.
import type { RecordsCount } from '../../contract/missions';

export type RecordsCountKey = keyof RecordsCount;

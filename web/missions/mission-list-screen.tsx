// 'LISTE DES MISSIONS' (requirements §2): one screen for the five categories — the filter bar, the paged table
// and its dialogs (edit, delete for staff). Lists refresh whenever missions change (edit, delete, sync), and
// from the change feed: a shown row changed elsewhere is read again, a new mission from Leon comes as a banner.
import { useEffect, useState } from 'react';
import type { LiveChange } from '../../contract/live';
import {
  MISSION_PATHS,
  MISSIONS_PAGE_SIZE,
  type MissionCategory,
  type MissionRow,
} from '../../contract/missions';
import { useSession } from '../lib/session';
import { urlFilters } from '../lib/url-filters';
import { usePagedList } from '../lib/use-paged-list';
import { NewRowsBanner, useLiveList } from '../live';
import { missionsChanged } from '../sync';
import { Page } from '../ui/page';
import { MissionDeleteDialog } from './mission-delete-dialog';
import { MissionEditDialog } from './mission-edit-dialog';
import { MissionFilterBar } from './mission-filter-bar';
import { MissionTable } from './mission-table';

const MISSION_ENTITIES = ['mission'] as const;
const URL_FILTERS = ['startDate', 'endDate', 'hospitals', 'statusNeeded'] as const;
/** A mission Leon just sent: it may belong to this list, on its first page. */
const isNewMission = (change: LiveChange) => change.action === 'mission.leon-create';

export function MissionListScreen({ category }: { category: MissionCategory }) {
  const session = useSession();
  const staff = session.user?.role !== 'HOSPITAL';
  // A list opened filtered (a dashboard bar: a month, hospitals, a status) starts from its URL's filters.
  const [initial] = useState(() => urlFilters(URL_FILTERS));
  const list = usePagedList<MissionRow>(MISSION_PATHS.list, MISSIONS_PAGE_SIZE, {
    ...initial,
    status: category,
  });
  const [editing, setEditing] = useState<MissionRow | null>(null);
  const [deleting, setDeleting] = useState<MissionRow | null>(null);
  const { reload } = list;
  useEffect(() => missionsChanged.subscribe(reload), [reload]);
  const live = useLiveList(list, { entities: MISSION_ENTITIES, brings: isNewMission });
  const changed = () => {
    setEditing(null);
    setDeleting(null);
    missionsChanged.emit();
  };

  return (
    <Page title="LISTE DES MISSIONS">
      <MissionFilterBar
        category={category}
        staff={staff}
        search={list.search}
        onSearch={list.setSearch}
        onFilters={list.setFilters}
        initial={initial}
      />
      <NewRowsBanner
        count={live.arrived}
        one="nouvelle mission"
        many="nouvelles missions"
        onShow={live.show}
      />
      <MissionTable list={list} staff={staff} onEdit={setEditing} onDelete={setDeleting} />
      {editing && <MissionEditDialog row={editing} onClose={() => setEditing(null)} onDone={changed} />}
      {deleting && <MissionDeleteDialog row={deleting} onClose={() => setDeleting(null)} onDone={changed} />}
    </Page>
  );
}

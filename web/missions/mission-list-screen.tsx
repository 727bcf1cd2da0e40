// 'LISTE DES MISSIONS' (spec §2): one screen for the five categories — search, period, hospitals, the
// requested list's quick filters, the paged table and its actions (view, edit, delete for staff).
import { useEffect, useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { DataResponse } from '../../contract/http';
import {
  MISSION_MESSAGES,
  MISSION_PATHS,
  MISSIONS_PAGE_SIZE,
  type MissionCategory,
  type MissionRow,
  REQUESTED_QUICK_FILTERS,
} from '../../contract/missions';
import { apiCall } from '../lib/api';
import { useSession } from '../lib/session';
import { usePagedList } from '../lib/use-paged-list';
import { missionsChanged } from '../sync';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { DateRangeFilter } from '../ui/date-range-filter';
import * as dialogUi from '../ui/dialog.css';
import { CheckboxList, MultiSelect } from '../ui/multi-select';
import { Page } from '../ui/page';
import { SearchBox } from '../ui/search-box';
import * as css from '../ui/theme.css';
import { toast } from '../ui/toast';
import * as toolbarUi from '../ui/toolbar.css';
import { MissionEditDialog } from './mission-edit-dialog';
import * as ui from './mission-filters.css';
import { MissionTable } from './mission-table';

export function MissionListScreen({ category }: { category: MissionCategory }) {
  const session = useSession();
  const staff = session.user?.role !== 'HOSPITAL';
  const list = usePagedList<MissionRow>(MISSION_PATHS.list, MISSIONS_PAGE_SIZE, { status: category });
  const [quick, setQuick] = useState<string | null>(null);
  const [hospitals, setHospitals] = useState<string[]>([]);
  const [options, setOptions] = useState<string[]>([]);
  const [editing, setEditing] = useState<MissionRow | null>(null);
  const [deleting, setDeleting] = useState<MissionRow | null>(null);
  const { reload } = list;
  useEffect(() => missionsChanged.subscribe(reload), [reload]);
  useEffect(() => {
    apiCall<DataResponse<Array<{ name: string }>>>(MISSION_PATHS.hospitals)
      .then((answer) => setOptions(answer.data.map((h) => h.name)))
      .catch(() => setOptions([]));
  }, []);
  const chooseHospitals = (values: string[]) => {
    setHospitals(values);
    list.setFilters({ hospitals: values.length ? values.join(',') : undefined });
  };
  const changed = () => {
    setEditing(null);
    setDeleting(null);
    missionsChanged.emit();
  };

  return (
    <Page title="LISTE DES MISSIONS">
      <div className={toolbarUi.toolbar}>
        <SearchBox
          id="missions-search"
          label="Rechercher"
          placeholder="N° de mission, hôpital, n° cristal"
          value={list.search}
          onChange={list.setSearch}
          basis={220}
        />
        <DateRangeFilter
          onChange={(range) => list.setFilters({ startDate: range?.startDate, endDate: range?.endDate })}
        />
        {staff && (
          <>
            <div className={ui.wideOnly}>
              <MultiSelect
                label="Hôpitaux"
                options={options}
                selected={hospitals}
                onChange={chooseHospitals}
              />
            </div>
            {/* On small screens the hospitals open in a side panel. */}
            <div className={ui.narrowOnly}>
              <DialogTrigger>
                <Button className={css.button.secondary}>
                  Filtres{hospitals.length ? ` (${hospitals.length})` : ''}
                </Button>
                <ModalOverlay isDismissable className={ui.sideOverlay}>
                  <Modal className={ui.sidePanel}>
                    <Dialog className={dialogUi.dialog}>
                      {({ close }) => (
                        <>
                          <Heading slot="title" className={dialogUi.dialogTitle}>
                            Hôpitaux
                          </Heading>
                          <CheckboxList
                            label="Hôpitaux"
                            options={options}
                            selected={hospitals}
                            onChange={chooseHospitals}
                          />
                          <button type="button" className={css.button.primary} onClick={close}>
                            Fermer
                          </button>
                        </>
                      )}
                    </Dialog>
                  </Modal>
                </ModalOverlay>
              </DialogTrigger>
            </div>
          </>
        )}
      </div>
      {category === 'requested' && (
        <fieldset className={ui.quickFilters} style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
          <legend className={css.visuallyHidden}>Filtre rapide</legend>
          {REQUESTED_QUICK_FILTERS.map((f) => (
            <button
              key={f.label}
              type="button"
              className={ui.chip}
              aria-pressed={quick === f.status}
              onClick={() => {
                setQuick(f.status);
                list.setFilters({ statusNeeded: f.status ?? undefined });
              }}
            >
              {f.label}
            </button>
          ))}
        </fieldset>
      )}
      <MissionTable list={list} staff={staff} onEdit={setEditing} onDelete={setDeleting} />
      {editing && <MissionEditDialog mission={editing} onClose={() => setEditing(null)} onSaved={changed} />}
      {deleting && (
        <ConfirmDialog
          title={MISSION_MESSAGES.deleteTitle}
          text={MISSION_MESSAGES.deleteText}
          confirmLabel="Supprimer"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await apiCall(MISSION_PATHS.delete(deleting.id), { method: 'DELETE' });
            } catch (error) {
              toast.error(MISSION_MESSAGES.deleteError);
              throw error;
            }
            toast.success(MISSION_MESSAGES.deleted);
            changed();
          }}
        />
      )}
    </Page>
  );
}

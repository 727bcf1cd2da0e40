// 'LISTE DES MISSIONS' (spec §2): one screen for the five categories — search, period, hospitals, the
// requested list's quick filters, the paged table and its actions (view, edit, delete for staff).
import { useEffect, useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Link } from 'wouter';
import type { DataResponse } from '../../contract/http';
import {
  AIRCRAFT_TYPE_LABELS,
  MISSION_MESSAGES,
  MISSION_PATHS,
  MISSION_STATUS_BADGES,
  MISSIONS_PAGE_SIZE,
  type MissionCategory,
  type MissionRow,
  ORGAN_LABELS,
  REQUESTED_QUICK_FILTERS,
} from '../../contract/missions';
import { href } from '../../contract/routes';
import { apiCall, download } from '../lib/api';
import { useSession } from '../lib/session';
import { usePagedList } from '../lib/use-paged-list';
import { missionsChanged } from '../sync';
import { Badge } from '../ui/badge';
import { ConfirmDialog } from '../ui/confirm-dialog';
import * as tableUi from '../ui/data-table.css';
import { DateRangeFilter } from '../ui/date-range-filter';
import * as dialogUi from '../ui/dialog.css';
import { ListStatus } from '../ui/list-status';
import { CheckboxList, MultiSelect } from '../ui/multi-select';
import { Page } from '../ui/page';
import { PageNavigator } from '../ui/page-navigator';
import { SearchBox } from '../ui/search-box';
import * as css from '../ui/theme.css';
import { toast } from '../ui/toast';
import * as toolbarUi from '../ui/toolbar.css';
import { parisDateTime, yesNo } from './format';
import { MissionEditDialog } from './mission-edit-dialog';
import * as ui from './mission-filters.css';

const COLUMNS = [
  'N° de mission',
  'Statut',
  "Type d'avion",
  'Hôpital',
  'N° cristal',
  'Organes',
  'Itinéraire',
  'Départ prévu',
  'Plateaux repas',
  'Dégivrage',
  'OCS',
  'Bon de transport',
  'Actions',
];

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
      <div className={tableUi.tableWrap}>
        <table className={tableUi.table} aria-label="Missions" aria-busy={list.loading}>
          <thead>
            <tr>
              {COLUMNS.map((h) => (
                <th key={h} scope="col" className={tableUi.th}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.rows.map((m) => (
              <tr key={m.id}>
                <td className={tableUi.td}>
                  {m.tripNumber ? (
                    <Link href={href('missionDetails', { id: m.id })}>{m.tripNumber}</Link>
                  ) : (
                    'N.D'
                  )}
                </td>
                <td className={tableUi.td}>
                  <Badge {...MISSION_STATUS_BADGES[m.status]} />
                </td>
                <td className={tableUi.td}>{AIRCRAFT_TYPE_LABELS[m.aircraftType]}</td>
                <td className={tableUi.td}>{m.buyerName ?? '-'}</td>
                <td className={tableUi.td}>{m.numberOfCristal ?? '-'}</td>
                <td className={tableUi.td}>{m.organType.map((o) => ORGAN_LABELS[o]).join(', ') || '-'}</td>
                <td className={tableUi.td}>
                  {m.legs.map((l, i) => (
                    <div key={i}>
                      {l.adepName} → {l.adesName}
                    </div>
                  ))}
                </td>
                <td className={tableUi.td}>{parisDateTime(m.departureDateTime)}</td>
                <td className={tableUi.td}>{m.numberOfMeals ?? '-'}</td>
                <td className={tableUi.td}>{yesNo(m.isWithIcing)}</td>
                <td className={tableUi.td}>{yesNo(m.isWithOCS)}</td>
                <td className={tableUi.td}>
                  {m.hasTransportVoucher ? (
                    <button
                      type="button"
                      className={css.button.ghost}
                      onClick={() =>
                        download(MISSION_PATHS.voucher(m.id), `bon-de-transport-${m.tripNumber}.pdf`).catch(
                          () => toast.error(MISSION_MESSAGES.pdfError),
                        )
                      }
                    >
                      Télécharger
                    </button>
                  ) : (
                    '-'
                  )}
                </td>
                <td className={tableUi.td}>
                  <div style={{ display: 'flex', gap: 2 }}>
                    {m.tripNumber && (
                      <Link
                        href={href('missionDetails', { id: m.id })}
                        className={css.button.ghost}
                        aria-label={`Voir la mission ${m.tripNumber}`}
                      >
                        👁
                      </Link>
                    )}
                    {staff && (
                      <>
                        <button
                          type="button"
                          className={css.button.ghost}
                          aria-label={`Modifier la mission ${m.tripNumber ?? 'N.D'}`}
                          onClick={() => setEditing(m)}
                        >
                          ✎
                        </button>
                        <button
                          type="button"
                          className={css.button.ghost}
                          aria-label={`Supprimer la mission ${m.tripNumber ?? 'N.D'}`}
                          onClick={() => setDeleting(m)}
                        >
                          🗑
                        </button>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ListStatus list={list} emptyText={MISSION_MESSAGES.empty} />
      </div>
      <PageNavigator page={list.pageNumber} pageCount={list.pageCount} onPage={list.goTo} />
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

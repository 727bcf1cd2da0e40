// 'Journal des synchronisations' (issue 25, decision 035): every sync run, manual or polled, newest first
// on the shared table — start, duration, who started it, result, the counts for missions, invoices and
// safety reports, the French failure reason; a run's button opens it with its skipped trips.
import { useEffect, useState } from 'react';
import {
  SYNC_JOURNAL_MESSAGES,
  SYNC_KIND_LABELS,
  SYNC_RUN_RESULT_LABELS,
  type SyncRunRow,
} from '../../contract/sync';
import { useSession } from '../lib/session';
import { usePagedList } from '../lib/use-paged-list';
import { useLiveList } from '../live';
import { syncRunEnded } from '../sync';
import { Badge } from '../ui/badge';
import { buttonColumn } from '../ui/button-column';
import { type Column, DataTable } from '../ui/data-table';
import { cellNote, subLine } from '../ui/data-table.css';
import { parisDateTime } from '../ui/format';
import { Page } from '../ui/page';
import * as css from '../ui/theme.css';
import { syncJournalApi } from './api';
import {
  duration,
  invoiceCounts,
  KIND_SHORT,
  missionCounts,
  parisDateTimeSeconds,
  RESULT_COLORS,
  reportCounts,
} from './format';
import { RunPanel } from './run-panel';
import * as ui from './sync-journal.css';

const JOURNAL_LIVE = { entities: ['sync_run'], always: true } as const;

export function SyncJournalScreen() {
  const list = usePagedList<SyncRunRow>(syncJournalApi.runsPath, syncJournalApi.pageSize);
  const { reload } = list;
  useEffect(() => syncRunEnded.subscribe(reload), [reload]);
  // Runs start and end while the journal is open: its page is read again from the change feed.
  useLiveList(list, JOURNAL_LIVE);
  const session = useSession();
  const [open, setOpen] = useState<SyncRunRow | null>(null);
  const columns: Column<SyncRunRow>[] = [
    // The duration under the start, who started the run under its kind: the table keeps to seven
    // columns, all in view at 1280 px.
    {
      id: 'startedAt',
      header: 'Début et durée',
      cell: (run) => (
        <>
          {parisDateTime(run.startedAt)}
          <span className={subLine}>{run.status === 'running' ? 'en cours' : duration(run)}</span>
        </>
      ),
      oneLine: true,
    },
    {
      id: 'kind',
      header: 'Type et auteur',
      cell: (run) => (
        <>
          <span title={SYNC_KIND_LABELS[run.kind]}>{KIND_SHORT[run.kind]}</span>
          <span className={`${subLine} ${ui.author}`} title={run.actorName ?? undefined}>
            {run.actorName ?? SYNC_JOURNAL_MESSAGES.automatic}
          </span>
        </>
      ),
      oneLine: true,
    },
    {
      id: 'result',
      header: 'Résultat',
      // A failed or interrupted run says why under its badge, where the result is read.
      cell: (run) => (
        <>
          <Badge label={SYNC_RUN_RESULT_LABELS[run.status]} color={RESULT_COLORS[run.status]} />
          {run.reason && <span className={cellNote}>{run.reason}</span>}
        </>
      ),
    },
    { id: 'missions', header: 'Missions', cell: missionCounts, oneLine: true },
    { id: 'invoices', header: 'Factures', cell: invoiceCounts, oneLine: true },
    {
      id: 'reports',
      // The header may take two lines: the column is no wider than its counts.
      header: <span className={ui.wrappingHeader}>Rapports de sécurité</span>,
      cell: reportCounts,
      oneLine: true,
    },
    buttonColumn<SyncRunRow>({
      id: 'actions',
      header: 'Détails',
      className: css.button.secondary,
      label: (run) => `Ouvrir la synchronisation du ${parisDateTimeSeconds(run.startedAt)}`,
      onClick: setOpen,
      children: 'Ouvrir',
    }),
  ];
  return (
    <Page title={SYNC_JOURNAL_MESSAGES.title}>
      <p className={ui.legend}>{SYNC_JOURNAL_MESSAGES.legend}</p>
      <DataTable
        label="Synchronisations"
        columns={columns}
        list={list}
        emptyText={SYNC_JOURNAL_MESSAGES.empty}
      />
      {open && (
        <RunPanel run={open} canRetry={session.user?.role === 'ADMIN'} onClose={() => setOpen(null)} />
      )}
    </Page>
  );
}

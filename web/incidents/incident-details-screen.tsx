// 'SUIVI DE L'INCIDENT' (requirements §2) with its back arrow: the incident records of a mission (or of one
// incident without a known mission), 5 placeholders of height 250 while they load.
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { INCIDENT_MESSAGES, type IncidentRecord } from '../../contract/incidents';
import { errorMessage } from '../lib/api';
import { useSession } from '../lib/session';
import { DetailsState } from '../ui/details-state';
import { BackIcon } from '../ui/icons';
import { Page } from '../ui/page';
import * as css from '../ui/theme.css';
import { fetchIncidentRecords } from './api';
import { IncidentCard } from './incident-card';
import * as ui from './incidents.css';

export function IncidentDetailsScreen() {
  const { id } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const session = useSession();
  const staff = session.user?.role !== 'HOSPITAL';
  const [records, setRecords] = useState<IncidentRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setRecords(null);
    setError(null);
    fetchIncidentRecords(id)
      .then(setRecords)
      .catch((e) => setError(errorMessage(e)));
  }, [id]);
  return (
    <Page
      title={
        <>
          <button
            type="button"
            className={`${css.button.ghost} ${ui.backButton}`}
            aria-label="Retour"
            onClick={() => (history.length > 1 ? history.back() : navigate('/incidents'))}
          >
            <BackIcon />
          </button>
          {INCIDENT_MESSAGES.title}
        </>
      }
    >
      <DetailsState error={error} loading={!records} skeleton={ui.skeleton} />
      {records?.length === 0 && <p>{INCIDENT_MESSAGES.empty}</p>}
      {records?.map((record) => (
        <IncidentCard key={record.id} record={record} staff={staff} />
      ))}
    </Page>
  );
}

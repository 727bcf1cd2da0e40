// 'Détails de la mission' (requirements §2): one expandable card per leg with airports, Paris times, the aircraft
// image (plane icon when missing), Informations, crew and flight details; 5 skeletons while loading.
import { useEffect, useState } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { useLocation, useParams } from 'wouter';
import { MISSION_MESSAGES, type MissionDetailsLeg, ORGAN_LABELS } from '../../contract/missions';
import { HistoryButton } from '../history';
import { errorMessage } from '../lib/api';
import { useSession } from '../lib/session';
import { useLiveRecord } from '../live';
import { AircraftImage } from '../ui/aircraft-image';
import { DetailsState } from '../ui/details-state';
import { parisDateTime } from '../ui/format';
import { BackIcon, OpenIcon, ToIcon } from '../ui/icons';
import { Page } from '../ui/page';
import * as css from '../ui/theme.css';
import { useToastedCall } from '../ui/use-toasted-call';
import { downloadMissionPdf, fetchMissionDetails } from './api';
import * as ui from './mission-details.css';

const withZone = (iso: string | null) => (iso ? `${parisDateTime(iso)} (heure de Paris)` : '-');

function LegCard({ leg, index }: { leg: MissionDetailsLeg; index: number }) {
  return (
    <Disclosure defaultExpanded={index === 0} className={ui.card}>
      <Heading level={2} style={{ margin: 0 }}>
        <Button slot="trigger" className={ui.cardTrigger}>
          <span className={ui.chevron}>
            <OpenIcon />
          </span>
          Vol {index + 1} : {leg.adepIcao} {leg.adepName} <ToIcon />
          <span className={css.visuallyHidden}>vers</span> {leg.adesIcao} {leg.adesName}
        </Button>
      </Heading>
      <DisclosurePanel>
        <div className={ui.cardBody}>
          <AircraftImage registration={leg.acftRegisteration} />
          <dl className={ui.details}>
            <dt>Départ</dt>
            <dd>
              {leg.adepIcao} – {leg.adepName}, {withZone(leg.stdUTC)}
            </dd>
            <dt>Arrivée</dt>
            <dd>
              {leg.adesIcao} – {leg.adesName}, {withZone(leg.staUTC)}
            </dd>
            <dt>Bloc départ / arrivée</dt>
            <dd>
              {withZone(leg.bloffUTC)} / {withZone(leg.blonUTC)}
            </dd>
            <dt>N° de vol</dt>
            <dd>{leg.flightNumber ?? '-'}</dd>
            <dt>Avion</dt>
            <dd>{leg.acftRegisteration ?? '-'}</dd>
            <dt>Passagers</dt>
            <dd>{leg.passengerCounts ?? '-'}</dd>
          </dl>
          <section>
            <h3 className={ui.sectionTitle}>Informations</h3>
            <dl className={ui.details}>
              <dt>N° de mission</dt>
              <dd>{leg.tripNumber ?? 'N.D'}</dd>
              <dt>N° cristal</dt>
              <dd>{leg.numberOfCristal ?? '-'}</dd>
              <dt>Hôpital demandeur</dt>
              <dd>{leg.buyerName ?? '-'}</dd>
              <dt>Organes</dt>
              <dd>{leg.organType.map((o) => ORGAN_LABELS[o]).join(', ') || '-'}</dd>
            </dl>
            <h3 className={ui.sectionTitle}>Équipage</h3>
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {leg.crewList.map((m) => (
                <li key={`${m.position}-${m.name}-${m.surname}`}>
                  {m.position} : {m.name} {m.surname}
                  {m.phoneWork ? ` – ${m.phoneWork}` : ''}
                </li>
              ))}
            </ul>
          </section>
        </div>
      </DisclosurePanel>
    </Disclosure>
  );
}

export function MissionDetailsScreen() {
  const { id } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const [legs, setLegs] = useState<MissionDetailsLeg[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const downloading = useToastedCall();
  // HOSPITAL users see no history (decision 036).
  const staff = useSession().user?.role !== 'HOSPITAL';
  useEffect(() => {
    fetchMissionDetails(id)
      .then(setLegs)
      .catch((e) => setError(errorMessage(e)));
  }, [id]);
  // Changed elsewhere (a colleague, Leon) while open: read again in place.
  useLiveRecord('mission', id, () => {
    fetchMissionDetails(id)
      .then(setLegs)
      .catch((e) => setError(errorMessage(e)));
  });
  const pdf = () => downloading.run(() => downloadMissionPdf(id), MISSION_MESSAGES.pdfError);
  return (
    <Page
      title={
        <>
          <button
            type="button"
            className={css.button.ghost}
            aria-label="Retour"
            onClick={() => (history.length > 1 ? history.back() : navigate('/'))}
          >
            <BackIcon />
          </button>{' '}
          Détails de la mission
        </>
      }
      actions={
        <>
          {staff && legs && (
            <HistoryButton entity="mission" id={id} name={`la mission ${legs[0]?.tripNumber ?? 'N.D'}`} />
          )}
          <button
            type="button"
            className={css.button.primary}
            onClick={pdf}
            disabled={downloading.busy || !legs}
          >
            Télécharger le PDF
          </button>
        </>
      }
    >
      <DetailsState error={error} loading={!legs} skeleton={ui.skeleton} />
      {legs?.map((leg, index) => (
        <LegCard key={`${leg.adepIcao}-${leg.stdUTC}`} leg={leg} index={index} />
      ))}
    </Page>
  );
}

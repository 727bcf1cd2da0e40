// How an audited change reads in a record's history: French labels, values as on screen, only what changed.
import { describe, expect, it } from 'vitest';
import { actionLabel, changeText, historyChanges, parisDateTime } from './history';

describe('historyChanges', () => {
  it("lists a mission's changed fields only, with their labels and values as the screens show them", () => {
    const before = {
      id: 'm1',
      status: 'EN_ATTENTE',
      statusSetByStaff: false,
      organType: ['COEUR'],
      numberOfCristal: null,
      isWithIcing: false,
      airportDeIcing: [],
      aircraftType: 'ND',
      updatedAt: '2026-01-01T10:00:00.000Z',
      buyerName: 'CHU de Bordeaux',
    };
    const after = {
      ...before,
      status: 'PROGRAMMEE',
      statusSetByStaff: true,
      organType: ['COEUR', 'REINS'],
      numberOfCristal: 1234,
      isWithIcing: true,
      airportDeIcing: ['LFBD'],
      aircraftType: 'TURBOPROP',
      updatedAt: '2026-01-02T10:00:00.000Z',
    };
    expect(historyChanges('mission', before, after).map(changeText)).toEqual([
      'Statut : En attente → Programmée',
      "Type d'avion : N.D → TURBOPROP",
      'Nombre de cristals : - → 1234',
      'Organes : Cœur → Cœur, Reins',
      'Dégivrage : Non → Oui',
      'Aéroport de dégivrage : - → LFBD',
    ]);
  });

  it('reads departures in Paris time and legs with their block times', () => {
    const changes = historyChanges(
      'mission',
      {
        departureDateTime: '2026-07-14T06:30:00.000Z',
        legs: [{ from: 'LFBD', to: 'LFML', off: null, on: null, cancelled: false }],
      },
      {
        departureDateTime: '2026-07-14T07:00:00.000Z',
        legs: [{ from: 'LFBD', to: 'LFML', off: '2026-07-14T07:05:00.000Z', on: null, cancelled: false }],
      },
    );
    expect(changes.map(changeText)).toEqual([
      'Départ : 14/07/2026 08:30 → 14/07/2026 09:00',
      'Vols : LFBD–LFML → LFBD–LFML (bloc 09:05–…)',
    ]);
  });

  it('reads statistic statuses as their labels, PDFs as attached or not, visibility as Oui/Non', () => {
    expect(
      historyChanges(
        'statistic',
        { flightStatus: 'TO_BE_EDITED', airportStatus: 'EDITED', flightPdfKey: null, showForHospital: false },
        {
          flightStatus: 'PAID',
          airportStatus: 'EDITED',
          flightPdfKey: 'statistics/x/flight/a.pdf',
          showForHospital: true,
        },
      ).map(changeText),
    ).toEqual([
      'Statut facture vol : A éditer → Payée',
      'PDF facture vol : - → Joint',
      "Visible par l'hôpital : Non → Oui",
    ]);
  });

  it('lists what a creation set, and nothing for a deletion', () => {
    expect(
      historyChanges('user', null, {
        id: 'u1',
        firstName: 'Lucie',
        lastName: 'Bernard',
        email: 'l@h.fr',
        phone: null,
        role: 'HOSPITAL',
        hospitals: ['CHU A', 'CHU B'],
        forceChangePassword: true,
      }).map(changeText),
    ).toEqual([
      'Prénom : - → Lucie',
      'Nom : - → Bernard',
      'E-mail : - → l@h.fr',
      'Rôle : - → Hospital',
      'Hôpital : - → CHU A, CHU B',
      'Mot de passe à changer : - → Oui',
    ]);
    expect(historyChanges('user', { firstName: 'Lucie' }, null)).toEqual([]);
  });

  it('leaves out a field the after side does not carry (a partial audit row)', () => {
    expect(historyChanges('statistic', { showForHospital: true }, { showForHospital: false })).toEqual([
      { field: "Visible par l'hôpital", before: 'Oui', after: 'Non' },
    ]);
  });
});

describe('labels', () => {
  it('names the actions in French and keeps an unknown one as it is', () => {
    expect(actionLabel('mission.leon-update')).toBe('Mise à jour Leon');
    expect(actionLabel('statistic.change-status')).toBe('Changement de statut');
    expect(actionLabel('something.new')).toBe('something.new');
  });

  it('writes times in Paris time, summer and winter', () => {
    expect(parisDateTime('2026-07-14T06:30:00.000Z')).toBe('14/07/2026 08:30');
    expect(parisDateTime('2026-01-05T23:30:00.000Z')).toBe('06/01/2026 00:30');
  });
});

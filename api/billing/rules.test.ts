// The billing check's rules: worked examples computed by hand (tolerance edges, credit notes, missing
// prices, several invoices per mission, the delay before 'Non facturée') and properties over random
// invoices and costs (the difference is exactly invoiced minus computed, in cents).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CostMission, computeMissionCosts, createPriceBook, type MissionCosts } from '../prices';
import {
  type BillingRules,
  checkMission,
  checkOrphanInvoice,
  computedCentsOf,
  costLines,
  DEFAULT_BILLING_RULES,
  invoicedCents,
  type RuleInvoice,
  rulesOf,
  withinTolerance,
} from './rules';

const BOOK = createPriceBook({
  flightUnitCosts: [
    {
      fromDate: '2025-01-01',
      toDate: '2025-12-31',
      priceJetWithOcsCents: 600_000,
      priceJetWithoutOcsCents: 540_000,
      priceTurbopropWithOcsCents: 420_000,
      priceTurbopropWithoutOcsCents: 360_000,
    },
  ],
  regulationCosts: [{ fromDate: '2025-01-01', toDate: '2025-12-31', priceCents: 40_000 }],
  passengerMealCosts: [{ fromDate: '2025-01-01', toDate: '2025-12-31', priceCents: 2_550 }],
  airportCosts: [
    {
      icaoCode: 'LFBD',
      fromDate: '2025-01-01',
      toDate: '2025-12-31',
      priceWithDeIcingCents: 150_000,
      priceWithoutDeIcingCents: 90_000,
    },
    {
      icaoCode: 'LFML',
      fromDate: '2025-01-01',
      toDate: '2025-12-31',
      priceWithDeIcingCents: 130_000,
      priceWithoutDeIcingCents: 80_000,
    },
  ],
});

/**
 * Bordeaux → Marseille → Bordeaux, a jet with OCS, 2 × 1 h 15 flown + 15 min = 2 h 45 × 6,000 € = 16,500 €;
 * regulation 400 €; 2 meals × 25.50 € = 51 €; LFBD de-iced 1,500 € and LFML 800 €: 19,251 € in all.
 */
const MISSION: CostMission = {
  departureDateTime: '2025-03-10T08:00:00Z',
  aircraftType: 'JET',
  isWithOCS: true,
  numberOfMeals: 2,
  airportDeIcing: ['LFBD'],
  legs: [
    { adepIcao: 'LFBD', stdUtc: '2025-03-10T08:00:00Z', staUtc: '2025-03-10T09:15:00Z' },
    { adepIcao: 'LFML', stdUtc: '2025-03-10T12:00:00Z', staUtc: '2025-03-10T13:15:00Z' },
  ],
};
const COSTS = computeMissionCosts(MISSION, BOOK);
const COMPUTED = 1_925_100;

const invoice = (netCents: number): RuleInvoice => ({ invoiceType: 'INVOICE', netCents });
const credit = (netCents: number): RuleInvoice => ({ invoiceType: 'CREDIT_NOTE', netCents });
const check = (invoices: RuleInvoice[], costs: MissionCosts = COSTS, rules = DEFAULT_BILLING_RULES) =>
  checkMission({ costs, invoices, departureDay: '2025-03-10', today: '2025-04-30' }, rules);

describe('checkMission, worked examples', () => {
  it('computes the total from the cost lines: flight time, regulation, meals, each airport', () => {
    const result = check([invoice(COMPUTED)]);
    expect(result.computedCents).toBe(COMPUTED);
    expect(result.costLines).toEqual([
      { key: 'flight', label: 'Temps de vol', cents: 1_650_000, missing: null },
      { key: 'regulation', label: 'Régulation', cents: 40_000, missing: null },
      { key: 'meals', label: 'Repas', cents: 5_100, missing: null },
      { key: 'airport:0:LFBD', label: 'Aéroport LFBD (avec dégivrage)', cents: 150_000, missing: null },
      { key: 'airport:1:LFML', label: 'Aéroport LFML', cents: 80_000, missing: null },
    ]);
    expect(result).toMatchObject({ verdict: 'CONFORME', differenceCents: 0, differencePercent: 0 });
    expect(result.reason).toBe('Facturé au centime près');
  });

  it('takes the larger of 1 % and 10 €: 1 % of 19,251 € is 192.51 €, the edge is Conforme, a cent more is Écart', () => {
    expect(check([invoice(COMPUTED + 19_251)]).verdict).toBe('CONFORME');
    expect(check([invoice(COMPUTED - 19_251)]).verdict).toBe('CONFORME');
    const over = check([invoice(COMPUTED + 19_252)]);
    expect(over).toMatchObject({ verdict: 'ECART', differenceCents: 19_252, differencePercent: 1 });
    expect(over.reason).toBe('Surfacturée de 192,52 €');
    const under = check([invoice(COMPUTED - 60_000)]);
    expect(under).toMatchObject({ verdict: 'ECART', differenceCents: -60_000, differencePercent: -3.12 });
    expect(under.reason).toBe('Sous-facturée de 600,00 €');
  });

  it('on a small total the 10 € decide: 10.00 € off is Conforme, 10.01 € is Écart', () => {
    const cheap = computeMissionCosts(
      { ...MISSION, aircraftType: 'TURBOPROP', numberOfMeals: 0, legs: [], airportDeIcing: [] },
      BOOK,
    );
    // 15 billed minutes × 4,200 € = 1,050 €, regulation 400 €: 1,450 €; 1 % is 14.50 €.
    expect(cheap.totalCost).toEqual({ ok: true, value: 145_000 });
    const rules: BillingRules = { ...DEFAULT_BILLING_RULES, toleranceBasisPoints: 0 };
    expect(check([invoice(146_000)], cheap, rules).verdict).toBe('CONFORME');
    expect(check([invoice(146_001)], cheap, rules).verdict).toBe('ECART');
    expect(check([invoice(143_999)], cheap, rules).verdict).toBe('ECART');
  });

  it('sums several invoices and takes the credit notes off', () => {
    const result = check([invoice(1_700_000), invoice(300_000), credit(74_900)]);
    expect(result.invoicedCents).toBe(1_925_100);
    expect(result.verdict).toBe('CONFORME');
    // A credit note Leon sent negative counts the same.
    expect(invoicedCents([invoice(1_000), credit(-400)])).toBe(600);
  });

  it('a credit note that cancels the invoice leaves the mission not invoiced', () => {
    const result = check([invoice(COMPUTED), credit(COMPUTED)]);
    expect(result.verdict).toBe('NON_FACTUREE');
    expect(result.invoicedCents).toBe(0);
    expect(result.reason).toBe('Aucune facture (factures annulées par avoir) après 51 jours');
  });

  it('an invoice at 0 € is not said to be cancelled by a credit note: only a credit note with an amount is', () => {
    expect(check([invoice(0)])).toMatchObject({
      verdict: 'NON_FACTUREE',
      reason: 'Aucun montant facturé (facture à 0 €) après 51 jours',
    });
    expect(check([invoice(0), invoice(0)]).reason).toBe(
      'Aucun montant facturé (factures à 0 €) après 51 jours',
    );
    expect(check([invoice(0), credit(0)]).reason).toBe(
      'Aucun montant facturé (factures à 0 €) après 51 jours',
    );
    expect(
      checkMission(
        { costs: COSTS, invoices: [invoice(0)], departureDay: '2025-03-10', today: '2025-03-12' },
        DEFAULT_BILLING_RULES,
      ).reason,
    ).toBe('Aucun montant facturé (facture à 0 €) depuis 2 jours (délai 15 jours)');
  });

  it('a mission without invoice waits N days, then is Non facturée', () => {
    const at = (today: string) =>
      checkMission({ costs: COSTS, invoices: [], departureDay: '2025-03-10', today }, DEFAULT_BILLING_RULES);
    expect(at('2025-03-25')).toMatchObject({
      verdict: 'EN_ATTENTE',
      reason: 'Aucune facture depuis 15 jours (délai 15 jours)',
    });
    expect(at('2025-03-26')).toMatchObject({
      verdict: 'NON_FACTUREE',
      reason: 'Aucune facture après 16 jours',
      invoicedCents: 0,
      differenceCents: -COMPUTED,
    });
  });

  it('a missing price makes the cost incomplete and says which, as the statistics do', () => {
    const costs = computeMissionCosts(
      {
        ...MISSION,
        legs: [
          ...MISSION.legs,
          { adepIcao: 'LFPG', stdUtc: '2025-03-10T15:00:00Z', staUtc: '2025-03-10T16:00:00Z' },
        ],
      },
      BOOK,
    );
    const result = check([invoice(COMPUTED)], costs);
    expect(result).toMatchObject({
      verdict: 'COUT_INCOMPLET',
      computedCents: null,
      differenceCents: null,
      differencePercent: null,
      reason: "Prix manquant : coût de l'aéroport LFPG au 10/03/2025",
    });
    const noOcs = check([invoice(COMPUTED)], computeMissionCosts({ ...MISSION, isWithOCS: null }, BOOK));
    expect(noOcs.reason).toBe('OCS non renseigné');
  });

  it('an invoice for an unknown trip is Facture sans mission', () => {
    expect(checkOrphanInvoice(invoice(50_000), 'TR-404')).toMatchObject({
      verdict: 'FACTURE_SANS_MISSION',
      invoicedCents: 50_000,
      computedCents: null,
      reason: 'Aucune mission TR-404 connue',
    });
  });

  it('reads the ADMIN settings in the rules’ units', () => {
    expect(rulesOf({ tolerancePercent: 1.25, toleranceEuros: 10.5, unbilledAfterDays: 20 })).toEqual({
      toleranceBasisPoints: 125,
      toleranceCents: 1_050,
      unbilledAfterDays: 20,
    });
  });
});

describe('checkMission, properties', () => {
  const invoices = fc.array(
    fc.record({
      invoiceType: fc.constantFrom('INVOICE', 'RECHARGE_INVOICE', 'CREDIT_NOTE'),
      netCents: fc.integer({ min: 1, max: 10_000_000 }),
    }),
    { minLength: 1, maxLength: 6 },
  );

  it('the difference is exactly invoiced minus computed, in integer cents', () => {
    fc.assert(
      fc.property(invoices, fc.integer({ min: 0, max: 5 }), (list, meals) => {
        const costs = computeMissionCosts({ ...MISSION, numberOfMeals: meals }, BOOK);
        const result = check(list, costs);
        const expected = list.reduce(
          (sum, i) => sum + (i.invoiceType === 'CREDIT_NOTE' ? -i.netCents : i.netCents),
          0,
        );
        expect(result.invoicedCents).toBe(expected);
        expect(Number.isSafeInteger(result.computedCents)).toBe(true);
        expect(result.differenceCents).toBe(expected - (result.computedCents as number));
        expect(result.computedCents).toBe(
          result.costLines.reduce((sum, line) => sum + (line.cents as number), 0),
        );
      }),
    );
  });

  it('Conforme exactly when within the tolerance; never Conforme outside it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -500_000, max: 500_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (delta, bp, cents) => {
          const rules = { toleranceBasisPoints: bp, toleranceCents: cents, unbilledAfterDays: 15 };
          const result = check([invoice(COMPUTED + delta)], COSTS, rules);
          const inside = Math.abs(delta) <= cents || Math.abs(delta) * 10_000 <= COMPUTED * bp;
          expect(result.verdict).toBe(inside ? 'CONFORME' : 'ECART');
          expect(withinTolerance(delta, COMPUTED, rules)).toBe(inside);
        },
      ),
    );
  });

  it('the computed total a period judges by is the sum of the cost lines shown, null when one lacks a price', () => {
    fc.assert(
      fc.property(
        fc.record({
          aircraftType: fc.constantFrom('JET', 'TURBOPROP', 'ND' as const),
          isWithOCS: fc.option(fc.boolean()),
          numberOfMeals: fc.option(fc.integer({ min: 0, max: 6 })),
          deIced: fc.subarray(['LFBD', 'LFML']),
          // 2024 is before every price of the book: nothing can be priced.
          year: fc.constantFrom('2024', '2025'),
          airports: fc.array(fc.constantFrom('LFBD', 'LFML', 'LFPG', ''), { minLength: 0, maxLength: 3 }),
        }),
        ({ aircraftType, isWithOCS, numberOfMeals, deIced, year, airports }) => {
          const costs = computeMissionCosts(
            {
              departureDateTime: `${year}-03-10T08:00:00Z`,
              aircraftType,
              isWithOCS,
              numberOfMeals,
              airportDeIcing: deIced,
              legs: airports.map((adepIcao, i) => ({
                adepIcao,
                stdUtc: `${year}-03-10T${String(8 + 3 * i).padStart(2, '0')}:00:00Z`,
                staUtc: `${year}-03-10T${String(9 + 3 * i).padStart(2, '0')}:15:00Z`,
              })),
            },
            BOOK,
          );
          const lines = costLines(costs);
          expect(computedCentsOf(costs)).toBe(
            lines.some((l) => l.cents === null)
              ? null
              : lines.reduce((sum, l) => sum + (l.cents as number), 0),
          );
        },
      ),
    );
  });
});

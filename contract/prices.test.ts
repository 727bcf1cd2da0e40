// The price schemas the forms and the API share: requirements §5 rules and messages, money never rounded,
// real calendar days, and the paths of requirements §7.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CreateAirportCostBody,
  CreateFlightUnitCostBody,
  CreateMarketNumberBody,
  CreatePassengerMealCostBody,
  EditAirportCostBody,
  EditRegulationCostBody,
  isCalendarDay,
  overlapMessage,
  PRICE_PATHS,
  toCents,
  toEuros,
} from './prices';
import { check } from './validation';

const period = { fromDate: '2024-01-01', toDate: '2024-12-31' };
const airport = {
  ...period,
  icaoCode: 'LFBD',
  airportName: 'Bordeaux-Mérignac',
  priceWithDeIcing: 920,
  priceWithoutDeIcing: 370,
};
const ID = '7b0a3d0e-4a53-4c8e-9d55-2c1f1e0b9a11';

describe('price paths', () => {
  it('are the spec’s', () => {
    expect(PRICE_PATHS.airportCost).toEqual({
      list: '/price/airport-cost',
      create: '/price/airport-cost-create',
      edit: '/price/airport-cost-edit/',
    });
    expect(Object.values(PRICE_PATHS).map((p) => p.list)).toEqual([
      '/price/airport-cost',
      '/price/flight-unit-cost',
      '/price/marketnumber-cost',
      '/price/passengermeal-cost',
      '/price/regulation-cost',
    ]);
  });
});

describe('price schemas', () => {
  it('requires every field with “Obligatoire”', () => {
    expect(check(CreateAirportCostBody, {})).toMatchObject({
      ok: false,
      errors: {
        fromDate: 'Obligatoire',
        toDate: 'Obligatoire',
        icaoCode: 'Obligatoire',
        airportName: 'Obligatoire',
        priceWithDeIcing: 'Obligatoire',
        priceWithoutDeIcing: 'Obligatoire',
      },
    });
    expect(check(CreateMarketNumberBody, { ...period, value: '  ' })).toMatchObject({
      errors: { value: 'Obligatoire' },
    });
  });

  it('wants the start strictly before the end, with the message on the end date', () => {
    for (const toDate of ['2024-01-01', '2023-12-31']) {
      expect(check(CreatePassengerMealCostBody, { fromDate: '2024-01-01', toDate, price: 25 })).toEqual({
        ok: false,
        errors: { toDate: 'La date de début doit être antérieure à la date de fin' },
        message: 'La date de début doit être antérieure à la date de fin',
      });
    }
  });

  it('takes real calendar days only', () => {
    expect(check(CreatePassengerMealCostBody, { ...period, toDate: '2024-02-30', price: 25 })).toMatchObject({
      errors: { toDate: 'Date invalide (format attendu : aaaa-mm-jj)' },
    });
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('2024-13-01')).toBe(false);
    expect(isCalendarDay('2024-1-01')).toBe(false);
    expect(isCalendarDay(' 2024-01-01')).toBe(false);
    // A form's date with spaces around is trimmed.
    expect(check(CreatePassengerMealCostBody, { ...period, fromDate: ' 2024-01-01 ', price: 25 }).ok).toBe(
      true,
    );
  });

  it('upper-cases the ICAO code and wants four letters', () => {
    expect(check(CreateAirportCostBody, { ...airport, icaoCode: ' lfbd ' })).toMatchObject({
      ok: true,
      value: { icaoCode: 'LFBD' },
    });
    for (const icaoCode of ['LFB', 'LFBDX', 'LF1D', 'LF D']) {
      expect(check(CreateAirportCostBody, { ...airport, icaoCode })).toMatchObject({
        errors: { icaoCode: 'Le code OACI doit comporter 4 lettres' },
      });
    }
  });

  it('bounds the texts', () => {
    expect(check(CreateAirportCostBody, { ...airport, airportName: 'a'.repeat(100) }).ok).toBe(true);
    expect(check(CreateAirportCostBody, { ...airport, airportName: 'a'.repeat(101) })).toMatchObject({
      errors: { airportName: "Le nom de l'aéroport ne peut pas dépasser 100 caractères" },
    });
    expect(check(CreateMarketNumberBody, { ...period, value: 'n'.repeat(101) })).toMatchObject({
      errors: { value: 'Le numéro de marché ne peut pas dépasser 100 caractères' },
    });
  });

  it('takes amounts with at most 2 decimals, never rounding them', () => {
    const price = (value: unknown) => check(CreatePassengerMealCostBody, { ...period, price: value });
    expect(price(24.5)).toMatchObject({ ok: true, value: { price: 24.5 } });
    expect(price('24,50')).toMatchObject({ ok: true, value: { price: 24.5 } });
    expect(price(' 1000000 ')).toMatchObject({ ok: true, value: { price: 1_000_000 } });
    expect(price(24.555)).toMatchObject({ errors: { price: 'Le prix doit avoir au plus 2 décimales' } });
    expect(price('24.555')).toMatchObject({ errors: { price: 'Le prix doit avoir au plus 2 décimales' } });
    expect(price(1_000_000.01)).toMatchObject({
      errors: { price: 'Le prix ne peut pas dépasser 1 000 000 €' },
    });
    expect(price(0)).toMatchObject({ errors: { price: 'Le prix doit être supérieur à 0' } });
    expect(price(-3)).toMatchObject({ errors: { price: 'Le prix doit être supérieur à 0' } });
    for (const bad of ['abc', '1e3', Number.NaN, Number.POSITIVE_INFINITY, true, [], {}])
      expect(price(bad)).toMatchObject({ errors: { price: 'Le prix doit être un nombre' } });
  });

  it('follows requirements §5 on zero: the de-icing airport price may be 0 on edit only', () => {
    expect(check(CreateAirportCostBody, { ...airport, priceWithDeIcing: 0 })).toMatchObject({
      errors: { priceWithDeIcing: 'Le prix doit être supérieur à 0' },
    });
    expect(check(EditAirportCostBody, { id: ID, ...airport, priceWithDeIcing: 0 }).ok).toBe(true);
    expect(check(EditAirportCostBody, { id: ID, ...airport, priceWithoutDeIcing: 0 })).toMatchObject({
      errors: { priceWithoutDeIcing: 'Le prix doit être supérieur à 0' },
    });
    expect(
      check(CreateFlightUnitCostBody, {
        ...period,
        priceJetWithOCS: 1,
        priceJetWithoutOCS: 1,
        priceTurbopropWithOCS: 0,
        priceTurbopropWithoutOCS: 1,
      }),
    ).toMatchObject({
      errors: { priceTurbopropWithOCS: 'Le prix doit être supérieur à 0' },
    });
  });

  it('wants a well-formed id on edit', () => {
    expect(check(EditRegulationCostBody, { ...period, price: 385 })).toMatchObject({
      errors: { id: 'Obligatoire' },
    });
    expect(check(EditRegulationCostBody, { id: 'abc', ...period, price: 385 })).toMatchObject({
      errors: { id: 'Identifiant invalide' },
    });
    expect(check(EditRegulationCostBody, { id: ID, ...period, price: 385 }).ok).toBe(true);
  });

  it('converts every accepted amount to cents and back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (cents) => {
        const euros = cents / 100;
        const result = check(CreatePassengerMealCostBody, { ...period, price: euros });
        const asText = check(CreatePassengerMealCostBody, {
          ...period,
          price: String(euros).replace('.', ','),
        });
        return (
          result.ok && asText.ok && toCents(result.value.price) === cents && toEuros(toCents(euros)) === euros
        );
      }),
    );
  });

  it('names the period in the way', () => {
    expect(overlapMessage({ fromDate: '2024-01-01', toDate: '2024-12-31' })).toBe(
      'Cette période chevauche celle du 01/01/2024 au 31/12/2024.',
    );
  });
});

// The ADMIN's settings of the billing check (decision 033): tolerance in per cent and in euros, days before
// 'Non facturée', one row in `billing_settings` (basis points and cents); every write audited.
import { eq } from 'drizzle-orm';
import type { BillingSettings } from '../../contract/billing';
import type { Db } from '../db/client';
import { billingSettings } from '../db/schema';
import { audit } from '../lib/audit';

type SettingsRow = Pick<
  typeof billingSettings.$inferSelect,
  'toleranceBasisPoints' | 'toleranceCents' | 'unbilledAfterDays'
>;

/** The row in the wire's units (per cent, euros); the defaults when there is no row. */
export const settingsOf = (row: SettingsRow | undefined): BillingSettings =>
  row
    ? {
        tolerancePercent: row.toleranceBasisPoints / 100,
        toleranceEuros: row.toleranceCents / 100,
        unbilledAfterDays: row.unbilledAfterDays,
      }
    : { tolerancePercent: 1, toleranceEuros: 10, unbilledAfterDays: 15 };

/** The settings' columns, for a statement that reads them beside its own rows. */
export const settingsColumns = {
  toleranceBasisPoints: billingSettings.toleranceBasisPoints,
  toleranceCents: billingSettings.toleranceCents,
  unbilledAfterDays: billingSettings.unbilledAfterDays,
};

export async function readSettings(db: Db): Promise<BillingSettings> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 1));
  return settingsOf(row);
}

/** An ADMIN's change of the settings, audited with the values before and after. */
export async function writeSettings(
  db: Db,
  input: BillingSettings,
  actorId: string,
  now: Date,
): Promise<BillingSettings> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(billingSettings).where(eq(billingSettings.id, 1)).for('update');
    const values = {
      toleranceBasisPoints: Math.round(input.tolerancePercent * 100),
      toleranceCents: Math.round(input.toleranceEuros * 100),
      unbilledAfterDays: input.unbilledAfterDays,
      updatedAt: now,
    };
    const [after] = await tx
      .insert(billingSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: billingSettings.id, set: values })
      .returning();
    await audit(tx, {
      actorId,
      action: 'billing.settings',
      entity: 'billing_settings',
      entityId: null,
      before: settingsOf(before),
      after: settingsOf(after),
      at: now,
    });
    return settingsOf(after);
  });
}

// The billing check (issue 26, decision 033; ADMIN and ACCOUNTING only, the settings' writes ADMIN only):
// the period's rows with their totals, the menu's count, the settings.
import { Hono } from 'hono';
import {
  BILLING_PAGE_SIZE,
  BILLING_PATHS,
  BILLING_PROBLEM_VERDICTS,
  BillingListQuery,
  BillingSettingsBody,
  lastBillingPeriod,
} from '../../contract/billing';
import { requireRole, requireUser } from '../auth';
import type { AppEnv } from '../lib/context';
import { pageParams } from '../lib/paging';
import { body, query } from '../lib/validate';
import { checkPeriod, listChecks, wireRows } from './service';
import { readSettings, writeSettings } from './settings';

const accountants = [requireUser(), requireRole('ADMIN', 'ACCOUNTING')] as const;

export const billingRoutes = new Hono<AppEnv>()
  .get(BILLING_PATHS.list, ...accountants, async (c) => {
    const { db, now, config } = c.get('deps');
    // The schema refuses a period missing, reversed, before 2023 or longer than 92 days.
    const q = query(c, BillingListQuery);
    const page = pageParams(q, BILLING_PAGE_SIZE);
    const data = await listChecks(
      db,
      { ...q, startDate: q.startDate as string, endDate: q.endDate as string },
      page,
      now(),
      config.costRules,
    );
    return c.json({ data });
  })
  // The filtered rows of the period with their breakdown, every page.
  .get(BILLING_PATHS.exportExcel, ...accountants, async (c) => {
    const { db, now, config } = c.get('deps');
    // The schema refuses a period missing, reversed, before 2023 or longer than 92 days.
    const q = query(c, BillingListQuery);
    const { rows } = await checkPeriod(
      db,
      { ...q, startDate: q.startDate as string, endDate: q.endDate as string },
      now(),
      config.costRules,
    );
    const shown = q.verdict ? rows.filter((r) => r.check.verdict === q.verdict) : rows;
    // The exporter (and exceljs) load on the first export, not with the API.
    return (await import('./export')).billingXlsx(c, await wireRows(db, shown));
  })
  // The menu's count: the rows to look at (Écart, Non facturée, Facture sans mission) of the last 92 days.
  .get(BILLING_PATHS.count, ...accountants, async (c) => {
    const { db, now, config } = c.get('deps');
    // The period the screen opens on, so that the screen's counts add up to the menu's (decision 063).
    const { rows } = await checkPeriod(db, lastBillingPeriod(now()), now(), config.costRules);
    const count = rows.filter((r) => BILLING_PROBLEM_VERDICTS.includes(r.check.verdict)).length;
    return c.json({ data: { count } });
  })
  .get(BILLING_PATHS.settings, ...accountants, async (c) => {
    return c.json({ data: await readSettings(c.get('deps').db) });
  })
  .put(BILLING_PATHS.settings, requireUser(), requireRole('ADMIN'), async (c) => {
    const input = await body(c, BillingSettingsBody);
    const { db, now } = c.get('deps');
    return c.json({ data: await writeSettings(db, input, c.get('user').id, now()) });
  });

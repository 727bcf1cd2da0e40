// Leon's safety reports through the client and the simulator: the generated demo reports (open and
// closed, one without a trip, with attachments), incremental changes with Leon's timestamp, attachments
// read with the access token, and a download URL off Leon's origin refused.
import { describe, expect, it } from 'vitest';
import { createLeonClient, LeonFileError } from './client';
import { createLeonSimulator } from './simulator/app';

const NOW = Date.parse('2026-03-10T09:00:00Z');
const DAY = 24 * 3600_000;

function setup(trips = 40) {
  const clock = { now: NOW };
  const sim = createLeonSimulator({ apiKey: 'k', now: () => clock.now, seed: 1, trips });
  const leon = createLeonClient({
    baseUrl: 'http://leon.test',
    apiKey: 'k',
    fetch: sim.fetch,
    now: () => clock.now,
  });
  return { clock, sim, leon };
}

describe('Leon safety reports', () => {
  it('generates a few open and closed reports on flown demo trips, one without a trip, with attachments', async () => {
    const { sim, leon } = setup();
    const { reports, failures } = await leon.safetyReportsBetween(
      new Date(NOW - 365 * DAY),
      new Date(NOW + DAY),
    );
    expect(failures).toEqual([]);
    expect(reports).toHaveLength(sim.reports().length);
    expect(reports.length).toBeGreaterThanOrEqual(3);
    expect(new Set(reports.map((r) => r.status))).toEqual(new Set(['OPEN', 'CLOSED']));
    expect(reports.filter((r) => r.tripNumber === null)).toHaveLength(1);
    const onTrips = reports.filter((r) => r.tripNumber !== null);
    for (const report of onTrips)
      expect(
        sim
          .trips()
          .find((t) => t.tripNumber === report.tripNumber)
          ?.legs.some((l) => l.blockOn),
      ).toBe(true);
    expect(reports.every((r) => r.attachments.length > 0)).toBe(true);
    // Same seed, same reports.
    expect(
      (await setup().leon.safetyReportsBetween(new Date(NOW - 365 * DAY), new Date(NOW + DAY))).reports,
    ).toEqual(reports);
  });

  it('answers what changed since Leon’s timestamp: created, changed, deleted', async () => {
    const { sim, leon, clock } = setup(5);
    const { timestamp } = await leon.modifiedSafetyReportsSince(Math.floor(NOW / 1000) - 60);
    clock.now += 60_000;
    const added = sim.addReport({ title: 'Nouveau', attachments: [{ fileName: 'a.pdf' }] });
    const first = await leon.modifiedSafetyReportsSince(timestamp);
    expect(first.reports.map((r) => r.title)).toEqual(['Nouveau']);
    clock.now += 60_000;
    sim.changeReport(added.safetyReportNid, { status: 'CLOSED' });
    const second = await leon.modifiedSafetyReportsSince(first.timestamp);
    expect(second.reports.map((r) => r.status)).toEqual(['CLOSED']);
    clock.now += 60_000;
    sim.deleteReport(added.safetyReportNid);
    const third = await leon.modifiedSafetyReportsSince(second.timestamp);
    expect(third).toMatchObject({ reports: [], deletedReportNids: [added.safetyReportNid] });
  });

  it('reads an attachment with the access token, and fails in French when Leon does not serve it', async () => {
    const { sim, leon } = setup(5);
    const report = sim.addReport({
      attachments: [{ fileName: 'a.pdf' }, { fileName: 'b.png', kind: 'png' }],
    });
    const [pdf, png] = (await leon.modifiedSafetyReportsSince(Math.floor(NOW / 1000) - 60)).reports.find(
      (r) => r.reportNid === report.safetyReportNid,
    )!.attachments;
    expect(new TextDecoder().decode((await leon.attachment(pdf.url, 1_000_000)).slice(0, 5))).toBe('%PDF-');
    expect((await leon.attachment(png.url, 1_000_000))[1]).toBe(0x50);
    sim.breakAttachment(pdf.attachmentNid, 1);
    await expect(leon.attachment(pdf.url, 1_000_000)).rejects.toThrow('Leon a répondu 503');
    expect((await leon.attachment(pdf.url, 1_000_000)).byteLength).toBe(pdf.size);
    await expect(leon.attachment(pdf.url, 10)).rejects.toThrow(LeonFileError);
  });

  it('refuses a download URL that is not on Leon’s origin', async () => {
    const { leon } = setup(0);
    await expect(leon.attachment('http://169.254.169.254/latest/meta-data/', 1000)).rejects.toThrow(
      'adresse du fichier hors de Leon (169.254.169.254)',
    );
    await expect(leon.attachment('//evil.test/x', 1000)).rejects.toThrow(LeonFileError);
  });
});

// Statistics (requirements §7 'Statistics' and 'Media', and PUT /missions/toggle-statistic/{id}): the list with
// its costs, bulk invoice statuses, the two-step PDF upload, downloads, deletes, the hospital flag and
// the XLSX export. Every role reads (HOSPITAL: its hospital's visible records, without staff fields);
// only staff write. Each route parses its input and calls the statistics service once (service.ts).
import { Hono } from 'hono';
import { STAFF_ROLES } from '../../contract/roles';
import {
  ChangeStatusBody,
  DownloadPdfQuery,
  MediaPathQuery,
  pdfKindParam,
  StatisticsExportQuery,
  StatisticsListQuery,
  UpdatePdfBody,
} from '../../contract/statistics';
import { requireRoles, requireUser } from '../auth';
import type { AppEnv } from '../lib/context';
import { body, param, query } from '../lib/validate';
import {
  changeStatuses,
  deletePdf,
  downloadUrl,
  exportStatistics,
  listStatistics,
  mediaPath,
  toggleHospitalVisibility,
  updatePdfs,
} from './service';

const staff = requireRoles(...STAFF_ROLES);

export const statisticsRoutes = new Hono<AppEnv>()
  .get('/statistic/all', requireUser(), async (c) => {
    const q = query(c, StatisticsListQuery);
    return c.json({ data: await listStatistics(c.get('deps'), c.get('user'), q) });
  })

  .put('/statistic/change-status', ...staff, async (c) => {
    const input = await body(c, ChangeStatusBody);
    return c.json({ data: await changeStatuses(c.get('deps'), c.get('user'), input) });
  })

  // Step 1 of an upload (step 2 is the browser's PUT to the signed URL).
  .get('/media/get-media-path', ...staff, async (c) => {
    const q = query(c, MediaPathQuery);
    return c.json({ data: await mediaPath(c.get('deps'), c.get('user'), q) });
  })

  // Step 3: the uploaded files are checked, then recorded with their invoice ids.
  .put('/statistic/update-pdf', ...staff, async (c) => {
    const input = await body(c, UpdatePdfBody);
    return c.json({ data: await updatePdfs(c.get('deps'), c.get('user'), input) });
  })

  .get('/statistic/download-pdf', requireUser(), async (c) => {
    const q = query(c, DownloadPdfQuery);
    return c.json({ data: { url: await downloadUrl(c.get('deps'), c.get('user'), q) } });
  })

  .delete('/statistic/delete-pdf-data/:id/:kind', ...staff, async (c) => {
    const id = param(c, 'id');
    const kind = param(c, 'kind', pdfKindParam);
    return c.json({ data: await deletePdf(c.get('deps'), c.get('user'), id, kind) });
  })

  // The hospital visibility flag of a mission's statistic (the id is the mission's, as before).
  .put('/missions/toggle-statistic/:id', ...staff, async (c) => {
    const missionId = param(c, 'id');
    return c.json({ data: await toggleHospitalVisibility(c.get('deps'), c.get('user'), missionId) });
  })

  .get('/statistic/export-excel', requireUser(), async (c) => {
    const q = query(c, StatisticsExportQuery);
    return exportStatistics(c.get('deps'), c.get('user'), q);
  });

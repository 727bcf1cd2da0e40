// Missions (requirements §7 Missions and GET /leon/records-count): role-scoped lists, details, edit, delete,
// the PDFs (the hospital visibility flag is the statistics feature's). HOSPITAL users read their hospitals'
// missions only. Each route parses its input and calls the missions service once (service.ts).
import { Hono } from 'hono';
import { EditMissionBody, MissionsListQuery } from '../../contract/missions';
import { STAFF_ROLES } from '../../contract/roles';
import { requireRole, requireUser } from '../auth';
import type { AppEnv } from '../lib/context';
import { body, param, query } from '../lib/validate';
import {
  deleteMission,
  editMission,
  listMissions,
  missionDetailsOf,
  missionDetailsPdf,
  missionHospitals,
  type PdfFile,
  recordsCount,
  transportVoucherPdf,
} from './service';

const staff = [requireUser(), requireRole(...STAFF_ROLES)] as const;

const pdfResponse = ({ bytes, fileName }: PdfFile) =>
  new Response(bytes as BodyInit, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    },
  });

export const missionsRoutes = new Hono<AppEnv>()
  .get('/missions', requireUser(), async (c) => {
    const q = query(c, MissionsListQuery);
    return c.json({ data: await listMissions(c.get('deps').db, c.get('user'), q) });
  })
  // The hospitals a user may filter the lists on (decision 024).
  .get('/missions/hospitals', requireUser(), async (c) =>
    c.json({ data: await missionHospitals(c.get('deps').db, c.get('user')) }),
  )
  // The menu counts are hidden for HOSPITAL (requirements §6), so it is refused the call: a count per category
  // would also tell of lists it may not open.
  .get('/leon/records-count', ...staff, async (c) =>
    c.json({ data: await recordsCount(c.get('deps').db, c.get('user')) }),
  )
  .get('/missions/details/:id', requireUser(), async (c) => {
    const id = param(c, 'id');
    return c.json({ data: await missionDetailsOf(c.get('deps').db, c.get('user'), id) });
  })
  .get('/missions/generate-pdf/:id', requireUser(), async (c) => {
    const id = param(c, 'id');
    return pdfResponse(await missionDetailsPdf(c.get('deps').db, c.get('user'), id));
  })
  .get('/missions/transport-voucher/:id', requireUser(), async (c) => {
    const id = param(c, 'id');
    return pdfResponse(await transportVoucherPdf(c.get('deps').db, c.get('user'), id));
  })
  .put('/missions/edit/', ...staff, async (c) => {
    const input = await body(c, EditMissionBody);
    return c.json({ data: await editMission(c.get('deps'), c.get('user'), input) });
  })
  .delete('/missions/delete/:id', ...staff, async (c) => {
    const id = param(c, 'id');
    return c.json({ data: await deleteMission(c.get('deps'), c.get('user'), id) });
  });

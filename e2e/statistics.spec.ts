// Statistics in the browser: staff change invoice statuses, upload an invoice PDF in two steps and open it,
// make a record visible to its hospital; the HOSPITAL user sees only its hospital's visible records,
// without statuses, actions or checkboxes. Axe runs with each dialog open.
import type { Locator, Page } from '@playwright/test';
import { href } from '../contract/routes';
import { E2E } from './env';
import { tableNamed } from './support/lists';
import { menu } from './support/navigation';
import { signedInAs } from './support/session';
import { expect, expectAccessible, test } from './support/test';

test.describe.configure({ mode: 'serial' });

/** The hospital of hopital@demo.test (api/db/seed.ts). */
const HOSPITAL = 'CHU de Bordeaux – Hôpital Pellegrin';
const list = (page: Page) => tableNamed(page, 'Statistiques');
/** The mission numbers this file makes visible to the hospital, and hides from it. */
const shown: { visible?: string; hidden?: string } = {};

async function openStatistics(page: Page) {
  await page.goto(href('dashboard'));
  await menu(page)
    .getByRole('link', { name: /^Statistiques/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Statistiques' })).toBeVisible();
  await expect(list(page).rows.first()).toBeVisible();
}

async function search(page: Page, number: string) {
  await page.getByLabel('Rechercher').fill(number);
  await expect(list(page).rows).toHaveCount(1);
  await expect(list(page).rows.first()).toContainText(number);
}

/** A tiny valid PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test.describe('as OPERATION', () => {
  test.use(signedInAs('OPERATION'));

  test('changes the invoice statuses of the selected rows', async ({ page }) => {
    await openStatistics(page);
    await expect(list(page).rows).toHaveCount(20);
    const update = page.getByRole('button', { name: 'Mise à jour du statut' });
    await expect(update).toBeDisabled();
    const first = list(page).rows.nth(0);
    const second = list(page).rows.nth(1);
    const numbers = [
      ((await (await list(page).cell(first, 'N° de mission')).textContent()) ?? '').trim(),
      ((await (await list(page).cell(second, 'N° de mission')).textContent()) ?? '').trim(),
    ];
    await first.getByRole('checkbox').check();
    await second.getByRole('checkbox').check();
    await expect(update).toBeEnabled();
    await update.click();
    const dialog = page.getByRole('dialog', { name: 'Mise à jour du statut' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Statut facture vol').selectOption({ label: 'Payée' });
    await dialog.getByLabel('Statut facture aéroport').selectOption({ label: 'Déposée Chorus' });
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText('Statut mis à jour')).toBeVisible();
    await expect(dialog).toBeHidden();
    for (const number of numbers) {
      await search(page, number);
      const row = list(page).rows.first();
      await expect(await list(page).cell(row, 'Statut vol')).toHaveText('Payée');
      await expect(await list(page).cell(row, 'Statut aéroport')).toHaveText('Déposée Chorus');
    }
  });

  test('uploads an invoice PDF in two steps and opens it in a new tab', async ({ page, request }) => {
    await openStatistics(page);
    // Two trips of the demo hospital flown three days ago arrive with a sync: their records appear.
    const added: string[] = [];
    for (const hours of [72, 75]) {
      const std = Date.now() - hours * 3600_000;
      const at = (minutes: number) => new Date(std + minutes * 60_000).toISOString();
      const answer = await request.post(`${E2E.simURL}/__sim/trips`, {
        data: {
          status: 'CONFIRMED',
          client: HOSPITAL,
          legs: [{ from: 'LFBD', to: 'LFPG', std: at(0), sta: at(80), blockOff: at(5), blockOn: at(88) }],
        },
      });
      expect(answer.ok()).toBe(true);
      added.push(((await answer.json()) as { tripNumber: string }).tripNumber);
    }
    await menu(page).getByRole('button', { name: 'Chargement nouvelles missions' }).click();
    await expect(page.getByText(/^Données synchronisées avec succès/)).toBeVisible();
    const [number, other] = added;
    await search(page, number);
    const row = list(page).rows.first();
    await expect(await list(page).cell(row, 'Statut vol')).toHaveText('A éditer');
    await expect((await list(page).cell(row, 'Facture vol')).getByRole('button')).toBeDisabled();

    await row.getByRole('button', { name: `Mise à jour PDF de la mission ${number}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Mise à jour PDF' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Sélectionner le fichier pdf').first()).toBeVisible();
    await expectAccessible(page);
    // The pairing rule: a PDF needs its id.
    await dialog
      .getByRole('group', { name: 'Facture Vol' })
      .locator('input[type="file"]')
      .setInputFiles({ name: 'facture.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByText('Obligatoire').first()).toBeVisible();
    await dialog.getByLabel('Identifiant facture vol').fill('FV-E2E-1');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByText('Êtes-vous sûr de vouloir télécharger ces fichiers ?')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByText('Factures mises à jour')).toBeVisible();
    await expect(dialog).toBeHidden();

    const download = (await list(page).cell(row, 'Facture vol')).getByRole('button');
    await expect(download).toBeEnabled();
    const popup = page.waitForEvent('popup');
    await download.click();
    const tab = await popup;
    // The tab shows the PDF (and asks for /favicon.ico, which the app serves): its console stays clean.
    await expect.poll(() => tab.url()).toMatch(/\/api\/files\//);
    const file = await page.request.get(tab.url());
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await tab.close();

    // Visible to the hospital: this one on; the other shown, then hidden again.
    const show = /Afficher les statistiques à partir de la vue de l'hôpital/;
    const hide = /Masquer les statistiques de la vue de l'hôpital/;
    await row.getByRole('button', { name: show }).click();
    await expect(row.getByRole('button', { name: hide })).toBeVisible();
    await search(page, other);
    await list(page).rows.first().getByRole('button', { name: show }).click();
    await expect(list(page).rows.first().getByRole('button', { name: hide })).toBeVisible();
    await list(page).rows.first().getByRole('button', { name: hide }).click();
    await expect(list(page).rows.first().getByRole('button', { name: show })).toBeVisible();
    shown.visible = number;
    shown.hidden = other;
  });
});

/**
 * What is wrong with the layout of `dialog`: an element out of the dialog's box (or out of its section's,
 * for the parts of a section), two form controls over each other, a native file control on screen.
 */
function layoutProblems(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((frame) => {
    const problems: string[] = [];
    const name = (el: Element) =>
      `<${el.tagName.toLowerCase()}> '${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}'`;
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // react-aria's visually hidden parts (1 × 1 px, clipped) are for screen readers only.
      return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    const inside = (box: DOMRect, outer: DOMRect) =>
      box.left >= outer.left - 0.5 &&
      box.right <= outer.right + 0.5 &&
      box.top >= outer.top - 0.5 &&
      box.bottom <= outer.bottom + 0.5;
    const frameBox = frame.getBoundingClientRect();
    if (frameBox.left < 0 || frameBox.right > window.innerWidth)
      problems.push(`the dialog (${frameBox.left}–${frameBox.right}) is wider than the window`);
    const all = [...frame.querySelectorAll('*')].filter(shown);
    for (const el of all) {
      const box = el.getBoundingClientRect();
      if (!inside(box, frameBox)) problems.push(`${name(el)} overflows the dialog`);
      const section = el.parentElement?.closest('fieldset');
      if (section && !inside(box, section.getBoundingClientRect()))
        problems.push(`${name(el)} overflows its section`);
      // Text wider than its own box (cut or running into its neighbour).
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
        problems.push(`${name(el)} cuts its content`);
    }
    const controls = all.filter((el) => el.matches('input, button, select, textarea, [role="button"]'));
    for (const [i, a] of controls.entries())
      for (const b of controls.slice(i + 1)) {
        const [p, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
        const overlap =
          Math.min(p.right, q.right) - Math.max(p.left, q.left) > 0.5 &&
          Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 0.5;
        if (overlap && !a.contains(b) && !b.contains(a)) problems.push(`${name(a)} overlaps ${name(b)}`);
      }
    for (const input of frame.querySelectorAll('input[type="file"]'))
      if (shown(input)) problems.push('a native file control is on screen');
    return problems;
  });
}

/** Drops `file` on `zone` (or a part of it), as a drag from the desktop does. */
async function dropFile(zone: Locator, file: { name: string; type: string; body: string }) {
  await zone.evaluate((target, { name, type, body }) => {
    const data = new DataTransfer();
    data.items.add(new File([body], name, { type }));
    // A drag from the desktop gives each file its file-system entry, which react-aria reads; the items
    // of a scripted DataTransfer have none: give them one for the time of the drop.
    const entry = Object.getOwnPropertyDescriptor(DataTransferItem.prototype, 'webkitGetAsEntry');
    Object.defineProperty(DataTransferItem.prototype, 'webkitGetAsEntry', {
      configurable: true,
      value(this: DataTransferItem) {
        return this.kind === 'file' ? { isFile: true, isDirectory: false, name } : null;
      },
    });
    const { left, top, width, height } = target.getBoundingClientRect();
    const at = { clientX: left + width / 2, clientY: top + height / 2 };
    try {
      for (const kind of ['dragenter', 'dragover', 'drop'])
        target.dispatchEvent(
          new DragEvent(kind, { bubbles: true, cancelable: true, composed: true, dataTransfer: data, ...at }),
        );
    } finally {
      if (entry) Object.defineProperty(DataTransferItem.prototype, 'webkitGetAsEntry', entry);
    }
  }, file);
}

test.describe('the PDF dialog on screen, as OPERATION', () => {
  test.use({ ...signedInAs('OPERATION'), viewport: { width: 1440, height: 900 } });

  test('fits at 1440, 1280 and 390 px, takes files by drop and by its button, and keeps the focus', async ({
    page,
  }, testInfo) => {
    await openStatistics(page);
    // A record whose airport invoice applies, so that both sections take a file.
    const airport = await list(page).column('Statut aéroport');
    const numbers = await list(page).column('N° de mission');
    const index = airport.findIndex((status, i) => status !== 'N/A' && numbers[i] !== '-');
    expect(index).toBeGreaterThanOrEqual(0);
    const number = numbers[index];
    await search(page, number);
    const row = list(page).rows.first();
    const dialog = page.getByRole('dialog', { name: 'Mise à jour PDF' });
    const flight = dialog.getByRole('group', { name: 'Facture Vol' });
    const airportSection = dialog.getByRole('group', { name: 'Facture Aéroport' });
    await row.getByRole('button', { name: `Mise à jour PDF de la mission ${number}` }).click();
    await expect(dialog).toBeVisible();

    // The flight PDF dropped on its zone, the airport PDF chosen through its button.
    await dropFile(flight.getByText('Déposez le PDF ici ou'), {
      name: 'vol.pdf',
      type: 'application/pdf',
      body: PDF.toString('latin1'),
    });
    await expect(flight.getByText('vol.pdf', { exact: true })).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await airportSection.getByRole('button', { name: 'Sélectionner le fichier pdf' }).click();
    await (await chooser).setFiles({ name: 'aeroport.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(airportSection.getByText('aeroport.pdf', { exact: true })).toBeVisible();
    await dialog.getByLabel('Identifiant facture vol').fill('FV-LAYOUT-1');
    await dialog.getByLabel('Identifiant facture aéroport').fill('FA-LAYOUT-1');
    await page.screenshot({ path: testInfo.outputPath('pdf-dialog-files-chosen.png') });
    expect(await layoutProblems(dialog), 'with the files chosen').toEqual([]);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByText('Êtes-vous sûr de vouloir télécharger ces fichiers ?')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('pdf-dialog-confirmation.png') });
    // Escape on the confirmation goes back to the form, files kept.
    await page.keyboard.press('Escape');
    await expect(dialog.getByText('Êtes-vous sûr de vouloir télécharger ces fichiers ?')).toBeHidden();
    await expect(flight.getByText('vol.pdf', { exact: true })).toBeVisible();
    await expect(airportSection.getByText('aeroport.pdf', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByText('Factures mises à jour')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Opened again, the dialog shows both ids and PDFs with their delete buttons: the widest it gets.
    await row.getByRole('button', { name: `Mise à jour PDF de la mission ${number}` }).click();
    await expect(flight.getByText('Identifiant : FV-LAYOUT-1 · PDF : présent')).toBeVisible();
    await expect(airportSection.getByText('Identifiant : FA-LAYOUT-1 · PDF : présent')).toBeVisible();
    for (const width of [1440, 1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expect(dialog).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`pdf-dialog-${width}.png`) });
      expect(await layoutProblems(dialog), `at ${width} px`).toEqual([]);
    }
    await expectAccessible(page);
    await page.setViewportSize({ width: 1440, height: 900 });

    // 'Supprimer le pdf/id' from the keyboard: the focus stays in the dialog, and Escape still closes it.
    await airportSection.getByRole('button', { name: 'Supprimer le pdf/id (Facture Aéroport)' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Supprimé', { exact: true })).toBeVisible();
    await expect(airportSection.getByText('Identifiant : aucun · PDF : aucun')).toBeVisible();
    const focused = () =>
      dialog.evaluate((frame) => {
        const active = document.activeElement;
        return active && active !== document.body && frame.contains(active)
          ? (active.getAttribute('aria-label') ?? active.textContent ?? '').trim()
          : `outside: <${active?.tagName.toLowerCase()}>`;
      });
    await expect.poll(focused).toBe('Sélectionner le fichier pdf');
    await page.screenshot({ path: testInfo.outputPath('pdf-dialog-after-delete.png') });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('on a phone, as OPERATION', () => {
  test.use({ ...signedInAs('OPERATION'), viewport: { width: 390, height: 844 } });

  test('the filters sit in a panel that the Filtres button opens and closes', async ({ page }) => {
    await page.goto(href('statistics'));
    await expect(list(page).rows.first()).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Filtres' });
    const organ = page.getByLabel('Organe');
    await expect(organ).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(organ).toBeVisible();
    await toggle.click();
    await expect(organ).toBeHidden();
    // The page itself never scrolls sideways: the table scrolls in its own frame.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('as HOSPITAL', () => {
  test.use(signedInAs('HOSPITAL'));

  test('sees only its hospital’s visible records, without statuses, actions or checkboxes', async ({
    page,
  }) => {
    await openStatistics(page);
    const headers = (await list(page).table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
    expect(headers).toContain('Coût total vol');
    expect(headers).toContain('Facture vol');
    for (const hidden of ['Statut vol', 'Statut aéroport', 'Actions']) expect(headers).not.toContain(hidden);
    await expect(list(page).table.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mise à jour du statut' })).toHaveCount(0);
    expect(new Set(await list(page).column('Hôpital'))).toEqual(new Set([HOSPITAL]));
    expect(shown.visible).toBeDefined();
    await search(page, shown.visible!);
    // Its invoice PDF can be opened from here too.
    await expect(
      (await list(page).cell(list(page).rows.first(), 'Facture vol')).getByRole('button'),
    ).toBeEnabled();
    await page.getByLabel('Rechercher').fill(shown.hidden!);
    await expect(page.getByText('Aucune statistique trouvée')).toBeVisible();
    await expectAccessible(page);
  });
});

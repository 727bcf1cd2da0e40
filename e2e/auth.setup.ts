// Signs in once per role through the login screen and saves the browser state (cookies) to
// e2e/.auth/<role>.json, which the other tests start from (`test.use({ storageState: storageOf(role) })`)
// instead of signing in again. The access token lives 15 minutes and the run is longer: before a test
// starts from a saved state whose token has less than ten minutes left, `freshSavedSession`
// (e2e/support/test.ts) renews it through the API and saves it back; `keepSavedSession` saves back any renewal
// the app still makes during a test.
import { ACCOUNTS, STORED_ROLES, storageOf } from './env';
import { at, menu } from './support/navigation';
import { signIn } from './support/session';
import { expect, test as setup } from './support/test';

for (const role of STORED_ROLES) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await signIn(page, ACCOUNTS[role]);
    await expect(page).toHaveURL(at('requestedMissions'));
    await expect(menu(page)).toBeVisible();
    await page.context().storageState({ path: storageOf(role) });
  });
}

// The page of a screen whose feature has not landed yet: its title and a plain notice.
import { Page } from './page';

export function ComingScreen({ title }: { title: string }) {
  return (
    <Page title={title}>
      <p>Cet écran n'est pas encore disponible.</p>
    </Page>
  );
}

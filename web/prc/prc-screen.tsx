// 'PRC' (requirements §2): a screen the operator has yet to describe. The route stays, with a page that
// says what it will hold; no menu entry leads to it (decision 034).
import { Page } from '../ui/page';

export function PrcScreen() {
  return (
    <Page title="PRC">
      <p>
        Cet écran accueillera le suivi PRC de l'opérateur. Son contenu sera défini lorsque l'opérateur l'aura
        décrit : les informations affichées, leur source et les personnes qui pourront le consulter.
      </p>
      <p>En attendant, aucune donnée n'y est présentée.</p>
    </Page>
  );
}

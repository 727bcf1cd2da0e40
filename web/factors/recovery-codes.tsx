// The ten recovery codes, shown once (at the first factor, and when regenerated): written as two groups of
// five, downloadable as a text file, and a button the user presses once they are noted.
import { shownRecoveryCode } from '../../contract/factors';
import { saveBlob } from '../lib/api';
import * as theme from '../ui/theme.css';
import * as css from './factors.css';

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const shown = codes.map(shownRecoveryCode);
  const download = () =>
    saveBlob(
      new Blob([`Codes de secours (chacun ne sert qu’une fois)\r\n\r\n${shown.join('\r\n')}\r\n`], {
        type: 'text/plain;charset=utf-8',
      }),
      'codes-de-secours.txt',
    );
  return (
    <div className={theme.form}>
      <p className={css.note}>
        Si vous perdez votre téléphone ou votre clé d’accès, ces codes vous connectent, chacun une seule fois.
        Notez-les ou téléchargez-les maintenant et gardez-les en lieu sûr : ils ne seront plus affichés.
      </p>
      <ol className={css.codes} aria-label="Codes de secours">
        {shown.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className={css.row}>
        <button type="button" className={theme.button.secondary} onClick={download}>
          Télécharger
        </button>
        <button type="button" className={theme.button.primary} onClick={onDone}>
          J’ai noté mes codes
        </button>
      </div>
    </div>
  );
}

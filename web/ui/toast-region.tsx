// The toast region (react-aria's), loaded with the first toast: see web/ui/toast.tsx.
import {
  Button,
  I18nProvider,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { Link } from 'wouter';
import { CloseIcon } from './icons';
import * as css from './theme.css';
import { toastQueue } from './toast-queue';

export default function ToastList() {
  return (
    <I18nProvider locale="fr-FR">
      <ToastRegion queue={toastQueue} className={css.toastRegion} aria-label="Notifications">
        {({ toast: item }) => (
          <Toast toast={item} className={css.toast[item.content.variant]}>
            <ToastContent>
              <Text slot="title">{item.content.title}</Text>
              {item.content.link && (
                <>
                  {' '}
                  <Link href={item.content.link.href} className={css.toastLink}>
                    {item.content.link.label}
                  </Link>
                </>
              )}
            </ToastContent>
            <Button slot="close" className={css.toastClose} aria-label="Fermer">
              <CloseIcon />
            </Button>
          </Toast>
        )}
      </ToastRegion>
    </I18nProvider>
  );
}

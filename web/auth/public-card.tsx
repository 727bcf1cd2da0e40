// The frame of the public screens: the logo, a title and the form.
import type { ReactNode } from 'react';
import { logoUrl } from '../ui/logo';
import * as css from '../ui/theme.css';

export function PublicCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className={css.publicPage}>
      <div className={css.card}>
        <div className={css.brand}>
          <img src={logoUrl} alt="" className={css.brandLogo} />
          <span>Transports d'organes</span>
        </div>
        <h1 className={css.title}>{title}</h1>
        {intro && <p className={css.subtitle}>{intro}</p>}
        {children}
      </div>
    </main>
  );
}

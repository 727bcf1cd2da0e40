// The frame of the public screens (sign-in, forgotten password, the forced steps after the password): the
// logo, a title and the form; and their submit button with the server's message under it (role alert).
import type { ReactNode } from 'react';
import { logoUrl } from './logo';
import * as css from './theme.css';

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

export function FormSubmit({
  label,
  disabled,
  error,
}: {
  label: string;
  disabled: boolean;
  error?: string | null;
}) {
  return (
    <>
      <button type="submit" className={css.button.primary} disabled={disabled}>
        {label}
      </button>
      {error && (
        <p role="alert" className={css.formError}>
          {error}
        </p>
      )}
    </>
  );
}

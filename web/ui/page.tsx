// A page of the protected area: its title, and its content.
import type { ReactNode } from 'react';
import { pageTitle } from './page.css';

export function Page({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="page-title">
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 12,
          flexWrap: 'wrap',
        }}
      >
        <h1 id="page-title" className={pageTitle}>
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

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
        {/* Focused on every route change (web/layout), hence reachable by script but not by Tab. */}
        <h1 id="page-title" tabIndex={-1} className={pageTitle}>
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

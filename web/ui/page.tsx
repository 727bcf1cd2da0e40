// A page of the protected area: its title, and its content.
import type { ReactNode } from 'react';
import { pageHeader, pageTitle } from './page.css';

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
      <div className={pageHeader}>
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

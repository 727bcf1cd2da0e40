// The row above a list: its search box first, then the screen's own filters and buttons.
import type { ComponentProps, ReactNode } from 'react';
import { SearchBox } from './search-box';
import * as toolbarUi from './toolbar.css';

export function SearchToolbar({
  children,
  ...search
}: ComponentProps<typeof SearchBox> & { children?: ReactNode }) {
  return (
    <div className={toolbarUi.toolbar}>
      <SearchBox {...search} />
      {children}
    </div>
  );
}

// The side menu: the entries the user's role may open, groups open on the current path, counts for
// staff, 'Mon compte', 'Changer mon mot de passe' and 'Déconnexion'. On small screens it is a drawer that closes on an outside click or Escape.
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Role } from '../../contract/roles';
import { canOpen, href, SCREENS } from '../../contract/routes';
import { logoUrl } from '../ui/logo';
import { menuButton } from '../ui/menu-button.css';
import * as css from './layout.css';
import { isGroup, MENU, type MenuCounts, type MenuEntry, type MenuGroup } from './menu';

export interface SideMenuProps {
  role: Role;
  counts?: MenuCounts | null;
  /** Extra controls above 'Déconnexion' (the sync buttons for staff). */
  actions?: ReactNode;
  /** Opens the user's own password change. */
  onChangePassword?: () => void;
  onLogout: () => void;
  open: boolean;
  onNavigate: () => void;
}

const visible = (entry: MenuEntry, role: Role) => canOpen(entry.screen, role);
const label = (text: string, count: number | undefined) => (
  <>
    <span>{text}</span>
    {count !== undefined && <span className={css.count}>({count})</span>}
  </>
);

function Group({
  group,
  role,
  counts,
  path,
  onNavigate,
}: {
  group: MenuGroup;
  role: Role;
  counts?: MenuCounts | null;
  path: string;
  onNavigate: () => void;
}) {
  const entries = group.entries.filter((e) => visible(e, role));
  const current = entries.some((e) => SCREENS[e.screen].path === path);
  const [open, setOpen] = useState(current);
  useEffect(() => {
    if (current) setOpen(true);
  }, [current]);
  if (entries.length === 0) return null;
  const id = `menu-group-${group.label}`;
  return (
    <li>
      <button
        type="button"
        className={css.menuItem}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {label(group.label, group.count && counts ? counts[group.count] : undefined)}
      </button>
      {open && (
        <ul id={id} className={css.subList}>
          {entries.map((entry) => (
            <li key={entry.screen}>
              <Entry entry={entry} counts={counts} path={path} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function Entry({
  entry,
  counts,
  path,
  onNavigate,
}: {
  entry: MenuEntry;
  counts?: MenuCounts | null;
  path: string;
  onNavigate: () => void;
}) {
  const target = href(entry.screen);
  return (
    <Link
      href={target}
      className={css.menuItem}
      aria-current={path === target ? 'page' : undefined}
      onClick={onNavigate}
    >
      {label(entry.label, entry.count && counts ? counts[entry.count] : undefined)}
    </Link>
  );
}

export function SideMenu({
  role,
  counts,
  actions,
  onChangePassword,
  onLogout,
  open,
  onNavigate,
}: SideMenuProps) {
  const [path] = useLocation();
  const shownCounts = role === 'HOSPITAL' ? null : counts;
  return (
    <nav
      id="side-menu"
      aria-label="Menu principal"
      className={`${css.sidebar} ${open ? css.sidebarOpen : ''}`}
    >
      <div className={css.brand}>
        <img src={logoUrl} alt="" width={32} height={32} />
        <span>Transports d'organes</span>
      </div>
      <ul className={css.menuList}>
        {MENU.map((item) =>
          isGroup(item) ? (
            <Group
              key={item.label}
              group={item}
              role={role}
              counts={shownCounts}
              path={path}
              onNavigate={onNavigate}
            />
          ) : (
            visible(item, role) && (
              <li key={item.screen}>
                <Entry entry={item} counts={shownCounts} path={path} onNavigate={onNavigate} />
              </li>
            )
          ),
        )}
      </ul>
      <div className={css.menuFooter}>
        {actions}
        <Link
          href={href('account')}
          className={menuButton}
          aria-current={path === href('account') ? 'page' : undefined}
          onClick={onNavigate}
        >
          Mon compte
        </Link>
        {onChangePassword && (
          <button type="button" className={menuButton} onClick={onChangePassword}>
            Changer mon mot de passe
          </button>
        )}
        <button type="button" className={menuButton} onClick={onLogout}>
          Déconnexion
        </button>
      </div>
    </nav>
  );
}

import { useNavigate } from 'react-router';
import { AVATAR_LINKS } from '@/components/layout/nav-links';
import { MenuButton } from '@/components/ui/menu-button';
import { paths } from '@/config/paths';
import { useLogout } from '@/lib/auth/use-logout';
import { useSession } from '@/lib/auth/use-session';

/** Signed-in avatar menu: Pricing Plans, Terms & Conditions, Privacy Policy, Delete Account, Sign Out. */
export function AvatarMenu() {
  const { user } = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const initial = (user?.name || user?.email || '?').charAt(0).toUpperCase();
  return (
    <MenuButton
      label="Account menu"
      align="end"
      triggerClassName="grid size-9 place-items-center rounded-full bg-gradient-to-br from-neon-cyan to-neon-purple font-semibold text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neon-cyan"
      trigger={initial}
      header={user ? <p className="truncate px-3 py-2 text-xs text-slate-400">{user.email}</p> : null}
      items={[
        ...AVATAR_LINKS.map((l) => ({ label: l.label, onSelect: () => navigate(l.to) })),
        {
          label: 'Sign Out',
          isDanger: true,
          onSelect: async () => {
            await logout();
            navigate(paths.home);
          },
        },
      ]}
    />
  );
}

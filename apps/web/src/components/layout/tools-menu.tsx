import { ChevronDown } from 'lucide-react';
import { useNavigate } from 'react-router';
import { TOOL_LINKS } from '@/components/layout/nav-links';
import { MenuButton } from '@/components/ui/menu-button';

/** The Tools dropdown: Religion, Astrology, Chef AI, Nutrie AI, Chanakyaniti. */
export function ToolsMenu({ className }: { className: string }) {
  const navigate = useNavigate();
  return (
    <MenuButton
      label="Tools"
      triggerClassName={`${className} inline-flex items-center gap-1`}
      trigger={
        <>
          Tools <ChevronDown className="size-4" aria-hidden="true" />
        </>
      }
      items={TOOL_LINKS.map((l) => ({ label: l.label, onSelect: () => navigate(l.to) }))}
    />
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown } from 'lucide-react';
import { useNavigate } from 'react-router';
import { TOOL_LINKS } from '@/components/layout/nav-links';
import { MenuButton } from '@/components/ui/menu-button';

/** The Tools dropdown: Religion, Astrology, Chef AI, Nutrie AI, Chanakyaniti. */
export function ToolsMenu({ className }: { className: string }) {
  const navigate = useNavigate();
  const { i18n, t } = useLingui();
  return (
    <MenuButton
      label={t`Tools`}
      triggerClassName={`${className} inline-flex items-center gap-1`}
      trigger={
        <>
          <Trans>Tools</Trans> <ChevronDown className="size-4" aria-hidden="true" />
        </>
      }
      items={TOOL_LINKS.map((l) => ({ label: i18n._(l.label), onSelect: () => navigate(l.to) }))}
    />
  );
}

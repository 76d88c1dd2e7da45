import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';

export function BrandMark() {
  return (
    <Link
      to={paths.home}
      className="flex items-center gap-2 rounded-md font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-neon-cyan"
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span className="text-lg">
        {BRAND.name}{' '}
        <span className="text-xs font-medium text-neon-cyan">
          <Trans>(Beta)</Trans>
        </span>
      </span>
    </Link>
  );
}

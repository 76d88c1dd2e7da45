import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';
import { AccountShell } from '@/features/account/components/account-shell';
import { DeveloperKeys } from '@/features/developers/components/developer-keys';

export function DeveloperKeysRoute() {
  const { t } = useLingui();
  const brand = BRAND.name;
  return (
    <AccountShell title={t`Developer keys`}>
      <p className="mb-6 text-slate-300">
        <Trans>
          Keys for {brand}’s OpenAI-compatible API. See{' '}
          <Link to={paths.developers} className="font-semibold text-neon-cyan underline">
            the developer guide
          </Link>{' '}
          for examples.
        </Trans>
      </p>
      <DeveloperKeys />
    </AccountShell>
  );
}

import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AccountShell } from '@/features/account/components/account-shell';
import { DeveloperKeys } from '@/features/developers/components/developer-keys';

export function DeveloperKeysRoute() {
  return (
    <AccountShell title="Developer keys">
      <p className="mb-6 text-slate-300">
        Keys for Sangam’s OpenAI-compatible API. See{' '}
        <Link to={paths.developers} className="font-semibold text-neon-cyan underline">
          the developer guide
        </Link>{' '}
        for examples.
      </p>
      <DeveloperKeys />
    </AccountShell>
  );
}

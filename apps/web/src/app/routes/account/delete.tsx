import { Trans } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { DeleteAccountFlow } from '@/features/account/components/delete-account-flow';
import { useSession } from '@/lib/auth/use-session';

/** Back and Cancel: one step back inside the app, else /settings when signed in, else / (docs/spec-rules.md (decisions)). */
function useGoBack() {
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(isAuthenticated ? paths.settings : paths.home);
  };
}

export function DeleteAccountRoute() {
  const navigate = useNavigate();
  const goBack = useGoBack();
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <h1 className="mb-6 text-3xl font-bold break-words text-white">
        <Trans>Delete account</Trans>
      </h1>
      <div className="card">
        <DeleteAccountFlow onCancel={goBack} onDeleted={() => navigate(paths.home)} />
      </div>
    </div>
  );
}

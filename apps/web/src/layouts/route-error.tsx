import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';

/**
 * A screen's code could not be loaded: after a deploy the old chunk names are gone from the server,
 * and only a reload (which fetches the new index) brings the screen back.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
      error.message,
    )
  );
}

/**
 * What a route shows when its screen throws or its code fails to load: a friendly screen with a way
 * on, never a blank page or a stack trace. The error itself goes to the console for the developer.
 */
export function RouteError() {
  const error = useRouteError();
  const isNewVersion = isChunkLoadError(error);
  useEffect(() => {
    console.error('A screen failed', error);
  }, [error]);
  const reload = () => window.location.reload();
  const brand = BRAND.name;
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-ink px-4 text-center text-slate-100">
      <div role="alert" className="card max-w-md">
        <h1 className="text-2xl font-bold break-words text-white">
          {isNewVersion ? <Trans>A new version is available</Trans> : <Trans>Something went wrong</Trans>}
        </h1>
        <p className="mt-2 text-sm break-words text-slate-300">
          {isNewVersion ? (
            <Trans>{brand} was updated while this page was open. Reload to get the new version.</Trans>
          ) : isRouteErrorResponse(error) && error.status === 404 ? (
            <Trans>This page does not exist.</Trans>
          ) : (
            <Trans>This screen could not be shown. Reload the page, or go back to the start.</Trans>
          )}
        </p>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <button type="button" onClick={reload} className="btn-primary">
            <Trans>Reload</Trans>
          </button>
          {!isNewVersion && (
            <Link to={paths.home} className="btn-ghost" reloadDocument>
              <Trans>Go to the start</Trans>
            </Link>
          )}
        </div>
      </div>
    </main>
  );
}

import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
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
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-ink px-4 text-center text-slate-100">
      <div role="alert" className="card max-w-md">
        <h1 className="text-2xl font-bold text-white">{isNewVersion ? 'A new version is available' : 'Something went wrong'}</h1>
        <p className="mt-2 text-sm text-slate-300">
          {isNewVersion
            ? 'Sangam was updated while this page was open. Reload to get the new version.'
            : isRouteErrorResponse(error) && error.status === 404
              ? 'This page does not exist.'
              : 'This screen could not be shown. Reload the page, or go back to the start.'}
        </p>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <button type="button" onClick={reload} className="btn-primary">
            Reload
          </button>
          {!isNewVersion && (
            <Link to={paths.home} className="btn-ghost" reloadDocument>
              Go to the start
            </Link>
          )}
        </div>
      </div>
    </main>
  );
}

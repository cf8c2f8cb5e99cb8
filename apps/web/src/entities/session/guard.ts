/**
 * The router guard, as route loaders: they run before a page (and its code) renders,
 * so a forbidden page never flashes. Built on the shared permission table.
 */
import { redirect, type LoaderFunction } from 'react-router';
import type { AppRoute } from '@fbo/shared';
import { canOpenRoute, forbiddenRedirect } from '@fbo/shared/auth/access';
import { landingPath, TOKENLESS_ROUTES } from '@fbo/shared/routes';
import { queryClient } from '../../api/query-client';
import { loadSessionOrNull } from './session';
import { configQuery } from './session.api';

const LOGIN = '/auth/login';

export function guardLoader(route: AppRoute): LoaderFunction {
  return async () => {
    const tokenless = TOKENLESS_ROUTES.includes(route.name);
    const session = await loadSessionOrNull();
    // No token, or a held one that no longer loads (and is dropped): only tokenless pages remain.
    if (!session) {
      if (!tokenless) return redirect(LOGIN);
      await loadPublicTheme();
      return null;
    }
    if (!canOpenRoute(session.actor, route)) return redirect(forbiddenRedirect(session.actor, route.name));
    return null;
  };
}

/** The public theme before a signed-out page paints: no flash of unthemed colours. */
async function loadPublicTheme(): Promise<void> {
  try {
    await queryClient.ensureQueryData(configQuery('public'));
  } catch {
    // The page still works with antd's own look.
  }
}

/** '/' sends a signed-in user to its landing page and everyone else to sign in. */
export const indexLoader: LoaderFunction = async () => {
  const session = await loadSessionOrNull();
  return redirect(session ? landingPath(session.actor) : LOGIN);
};

/**
 * An address outside the route table: the page shows either way, so only the session (for the
 * shell) or the public theme (for the bare page) is loaded first.
 */
export const notFoundLoader: LoaderFunction = async () => {
  if (!(await loadSessionOrNull())) await loadPublicTheme();
  return null;
};

/**
 * The router guard, as route loaders: they run before a page (and its code) renders,
 * so a forbidden page never flashes. Built on the shared permission table.
 */
import { redirect, type LoaderFunction } from 'react-router';
import { canOpenRoute, forbiddenRedirect, landingPath, TOKENLESS_ROUTES, type AppRoute } from '@fbo/shared';
import { tokenStore } from '../../api/storage';
import { loadSessionOrNull } from './session';

const LOGIN = '/auth/login';

export function guardLoader(route: AppRoute): LoaderFunction {
  return async () => {
    const tokenless = TOKENLESS_ROUTES.includes(route.name);
    if (!tokenStore.get()) return tokenless ? null : redirect(LOGIN);
    const session = await loadSessionOrNull();
    // A held token that no longer loads is dropped; a tokenless page stays reachable.
    if (!session) return tokenless ? null : redirect(LOGIN);
    if (!canOpenRoute(session.actor, route)) return redirect(forbiddenRedirect(session.actor, route.name));
    return null;
  };
}

/** '/' sends a signed-in user to its landing page and everyone else to sign in. */
export const indexLoader: LoaderFunction = async () => {
  const session = await loadSessionOrNull();
  return redirect(session ? landingPath(session.actor) : LOGIN);
};

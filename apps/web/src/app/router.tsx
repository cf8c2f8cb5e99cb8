import { createBrowserRouter, matchPath, type RouteObject } from 'react-router';
import type { AppRoute, RouteName } from '@fbo/shared';
import { ROUTES, TOKENLESS_ROUTES } from '@fbo/shared/routes';
import { guardLoader, indexLoader, notFoundLoader } from '../entities/session';
import { BootSplash } from '../components/BootSplash';
import { GoHome } from './GoHome';
import { PAGES, type LayoutKind } from './pages';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

export const BASENAME = '/cms';

export interface RouteHandle {
  name: string;
  title: string;
}

function pageRoute(route: AppRoute): RouteObject {
  const page = PAGES[route.name as RouteName];
  return {
    path: route.path,
    loader: guardLoader(route),
    handle: { name: route.name, title: route.title } satisfies RouteHandle,
    lazy: async () => ({ Component: (await page.load()).default }),
  };
}

function pagesIn(layout: LayoutKind): RouteObject[] {
  return ROUTES.filter((route) => PAGES[route.name].layout === layout).map(pageRoute);
}

/** The route tree, built from the shared route table. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: BootSplash,
      children: [
        { index: true, loader: indexLoader, Component: GoHome },
        {
          lazy: async () => ({ Component: (await import('../layouts/AuthLayout')).default }),
          children: pagesIn('auth'),
        },
        ...pagesIn('bare'),
        {
          lazy: async () => ({ Component: (await import('../layouts/ShellLayout')).default }),
          children: pagesIn('shell'),
        },
        // An address the route table does not have: 'Page not found' (in the shell when signed in).
        {
          path: '*',
          loader: notFoundLoader,
          handle: { name: 'not-found', title: 'Page not found' } satisfies RouteHandle,
          lazy: async () => ({ Component: (await import('../features/not-found/NotFoundPage')).default }),
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(), { basename: BASENAME });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/** Whether a path (inside the basename) is a page reachable without a token. */
export function isTokenlessPath(pathname: string): boolean {
  return ROUTES.some((route) => TOKENLESS_ROUTES.includes(route.name) && matchPath(route.path, pathname));
}

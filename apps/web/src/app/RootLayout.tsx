import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useThemeConfig } from '../features/theme';
import type { RouteHandle } from './router';

function isHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** Keeps document.title as "{route title} | {agency title}". */
function useDocumentTitle(): void {
  const matches = useMatches();
  const { title: brand } = useThemeConfig();
  const handle = [...matches].reverse().map((m) => m.handle).find(isHandle);
  useEffect(() => {
    document.title = handle ? `${handle.title} | ${brand}` : brand;
  }, [handle, brand]);
}

export function RootLayout() {
  useDocumentTitle();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

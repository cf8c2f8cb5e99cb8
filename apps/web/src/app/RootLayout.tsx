import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useBrand } from '../entities/theme';
import type { RouteHandle } from './router';

function isHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** Keeps document.title as "{route title} | {agency title}". */
function useDocumentTitle(): void {
  const matches = useMatches();
  const { title: brand } = useBrand();
  const handle = [...matches].reverse().map((m) => m.handle).find(isHandle);
  useEffect(() => {
    document.title = [handle?.title, brand].filter(Boolean).join(' | ');
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

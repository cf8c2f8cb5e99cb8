import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import { configKindOf, configQuery, meQuery, storedConfig, useAccessToken } from '../session';
import { buildPalette } from './palette';
import { ThemeConfigContext } from './ThemeConfigContext';
import { useReducedMotion } from '../../hooks/useReducedMotion';

const BASE_THEME: ThemeConfig = { cssVar: { key: 'fbo' } };

function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = href;
}

/**
 * Applies the agency theme. It reads the config query, so when settings save a new theme
 * and invalidate that query, the colours change in place: no reload.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const token = useAccessToken();
  // Observes the user the loaders fetch; never fetches itself.
  const { data: info } = useQuery({ ...meQuery(), enabled: false });
  // While a held token's user is loading, wait rather than fetch the wrong (public) theme.
  const kind = !token ? 'public' : info ? configKindOf(info) : null;
  // Last theme seen in this browser: the right colours while a new config loads.
  const [cached] = useState(storedConfig);
  const { data } = useQuery({
    ...configQuery(kind ?? 'public'),
    enabled: kind !== null,
    // Signing in switches from the public to the agency theme: keep showing the old one meanwhile.
    placeholderData: (previous) => previous,
  });
  const config = data ?? cached;

  const colours = config
    ? [config.primary, config.success, config.warning, config.danger, config.info, config.black, config.white]
    : [];
  const colourKey = colours.join();
  // Rebuilt on colour changes only: a logo or title edit does not touch the tokens.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const palette = useMemo(() => (config ? buildPalette(config) : null), [colourKey]);

  useEffect(() => {
    if (!palette || !config) return;
    const root = document.documentElement.style;
    palette.primaryTints.forEach((tint, index) => root.setProperty(`--primary-${index + 1}`, tint));
    root.setProperty('--text-color', config.black);
    root.setProperty('--bg-color', config.white);
    root.setProperty('--body-bg', palette.bodyBg);
    root.setProperty('--link-color', String(palette.antd.token?.colorLink));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [palette]);

  // A person who asked for less motion gets none: antd's opening, closing and wave animations stop.
  const reducedMotion = useReducedMotion();
  const base = palette?.antd ?? BASE_THEME;
  const theme = useMemo<ThemeConfig>(() => ({ ...base, token: { ...base.token, motion: !reducedMotion } }), [base, reducedMotion]);

  const favicon = config?.faviconImg;
  useEffect(() => {
    if (favicon) setFavicon(favicon);
  }, [favicon]);

  return (
    <ThemeConfigContext value={config}>
      {/* Always the same props shape: a theme object appearing or vanishing would remount the app
          below, and in-flight handlers would then call a dead message API. */}
      <ConfigProvider theme={theme}>
        {/* antd App: message, modal and notification get the theme through context. */}
        <App component={false}>{children}</App>
      </ConfigProvider>
    </ThemeConfigContext>
  );
}

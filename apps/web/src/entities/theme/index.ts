export { ThemeProvider } from './ThemeProvider';
export { useBrand, useThemeConfig } from './ThemeConfigContext';

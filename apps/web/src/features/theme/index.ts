export { ThemeProvider } from './ThemeProvider';
export { useThemeConfig } from './ThemeConfigContext';

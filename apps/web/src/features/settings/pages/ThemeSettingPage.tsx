import { SettingsFormPage } from '../components/SettingsPage';
import { ThemeForm } from '../theme/ThemeForm';

export default function ThemeSettingPage() {
  return <SettingsFormPage route="ag-settings-theme">{(info) => <ThemeForm initial={info.config} />}</SettingsFormPage>;
}

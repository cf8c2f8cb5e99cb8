/** Agency settings as the rest of the server reads them. */
export { agencySettingsOf, readSettings } from './settings.service';

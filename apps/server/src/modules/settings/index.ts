/** Agency settings as the rest of the server reads them. */
export { readSettings } from './settings.service';

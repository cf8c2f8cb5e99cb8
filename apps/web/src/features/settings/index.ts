/** The settings feature's face: the agency's settings, read and saved, for other screens that show one of them. */
export { agencyInfoQuery } from './settings.api';
export { useSaveSettings } from './hooks/useSaveSettings';

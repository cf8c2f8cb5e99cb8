import { SETTINGS_MSG } from '@fbo/shared/domain/agency-settings';
import type { WriteOptions } from '../../../hooks/useWrite';

/**
 * How the settings pages report a save: a 400's first field message reads better than its
 * `field: message` summary; 'Error!' when the server said nothing. Nothing reloads: each page
 * puts the answer where it belongs.
 */
export const SETTINGS_WRITE: WriteOptions<{ message?: string }> = {
  fieldErrors: 'message',
  fallback: SETTINGS_MSG.error,
  done: SETTINGS_MSG.updateSuccess,
};

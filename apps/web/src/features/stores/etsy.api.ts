import type { ConnectEtsyAnswer } from '@fbo/shared';
import { http } from '../../api/http';

/** Etsy's calls (docs/stores-etsy.md, "Connecting"). */
export const etsyApi = {
  /** Where to approve the app on Etsy (OAuth with PKCE); Etsy sends the browser back to /cms/s/integrations. 400: Etsy is not set up. */
  connect: () => http.post<ConnectEtsyAnswer>('/stores/etsy/connect', {}),
};

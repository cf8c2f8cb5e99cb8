/** The WooCommerce connect calls of the Stores page (docs/stores-woocommerce.md, "Connecting"). */
import type { z } from 'zod';
import type { connectWooCommerceAnswer, storeAnswer, WooCommerceKeysBody } from '@fbo/shared';
import { http } from '../../api/http';

type ConnectAnswer = z.infer<typeof connectWooCommerceAnswer>;
type StoreAnswer = z.infer<typeof storeAnswer>;

export const wooCommerceApi = {
  /** The store's consent screen to send the browser to; WooCommerce sends it back to /cms/s/integrations. */
  connect: (storeUrl: string) => http.post<ConnectAnswer>('/stores/woocommerce/connect', { storeUrl }),
  /** Keys created by hand in WooCommerce: checked by the server, the store connected at once. */
  connectWithKeys: (body: WooCommerceKeysBody) => http.post<StoreAnswer>('/stores/woocommerce/keys', body),
};

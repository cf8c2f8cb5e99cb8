/** WooCommerce's webhook subscriptions and their health check (docs/stores-woocommerce.md): filled by the WooCommerce wiring. */
import type { AppContext } from '../../context';

export function registerWooCommerceJobs(_ctx: AppContext): void {}

export async function scheduleWooCommerceJobs(_ctx: AppContext): Promise<void> {}

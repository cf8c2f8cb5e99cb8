/** WooCommerce's request and answer shapes (docs/stores-woocommerce.md). */
export {};

import type { ReactNode } from 'react';
import { Empty } from 'antd';

export const NO_PRODUCTS = 'No products yet: connect a store and sync its products, add one by hand in a manual store, or import orders with createProduct';

/** The team has no product at all (not a filter that matches none). */
export function NoProducts({ actions }: { actions?: ReactNode }) {
  return (
    <section className="products-empty" aria-label="No products yet">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_PRODUCTS}>
        {actions}
      </Empty>
    </section>
  );
}

import type { ReactNode } from 'react';
import { Empty } from 'antd';

const INVITE = 'Connect your first store: its products can then be mapped to catalog variants and its orders come in by themselves.';

/** No store yet: say what a store brings and offer the ways to add one (`text` for the agency, who adds none). */
export function NoStores({ actions, text = INVITE }: { actions?: ReactNode; text?: string }) {
  return (
    <section className="stores-empty" aria-label="No stores yet">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <strong>No stores yet</strong>
            <br />
            {text}
          </>
        }
      >
        {actions}
      </Empty>
    </section>
  );
}

import type { ReactNode } from 'react';
import './scroll-region.css';

/**
 * Lets a wide table scroll sideways on small screens. The region is focusable and named so
 * keyboard users can scroll it too (axe: scrollable-region-focusable); antd's own `scroll.x`
 * container is neither.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="scroll-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

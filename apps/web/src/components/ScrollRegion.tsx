import type { ReactNode } from 'react';
import './scroll-region.css';

/**
 * Lets a wide table scroll sideways on small screens, and a long one up and down inside
 * `maxHeight`. The region is focusable and named so keyboard users can scroll it too (axe:
 * scrollable-region-focusable); antd's own `scroll.x` / `scroll.y` containers are neither, so
 * tables inside give the scrolling to this region instead.
 */
export function ScrollRegion({ label, maxHeight, children }: { label: string; maxHeight?: number; children: ReactNode }) {
  return (
    <div className="scroll-region" role="region" aria-label={label} tabIndex={0} style={maxHeight ? { maxHeight, overflowY: 'auto' } : undefined}>
      {children}
    </div>
  );
}

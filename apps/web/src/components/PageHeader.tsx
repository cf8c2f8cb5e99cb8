import type { ReactNode } from 'react';

/** The page's one h1, with room for actions on the right. */
export function PageHeader({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
      <h1 className="page-title">{title}</h1>
      {extra}
    </div>
  );
}

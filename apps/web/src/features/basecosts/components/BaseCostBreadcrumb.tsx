import type { ReactNode } from 'react';
import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { routePath } from '@fbo/shared/routes';

/** Base cost > ... : every base-cost page leads back to its list (`area` a: price lists, ag: groups). */
export function BaseCostBreadcrumb({ area, items }: { area: 'a' | 'ag'; items: { title: ReactNode; to?: string }[] }) {
  return (
    <Breadcrumb
      aria-label="Breadcrumb"
      className="basecost-breadcrumb"
      items={[
        { title: <Link to={routePath(area === 'a' ? 'a-base-cost' : 'ag-base-cost')}>Base cost</Link> },
        ...items.map((i) => ({ title: i.to ? <Link to={i.to}>{i.title}</Link> : i.title })),
      ]}
    />
  );
}

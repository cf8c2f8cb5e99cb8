import { useId, useState, type ReactNode } from 'react';
import { Button, Card, Empty, Table, type TableColumnsType } from 'antd';

/** Chart heights in pixels: enough for a readable axis on a laptop screen. */
export const CHART_HEIGHT = 280;

interface ChartFrameProps<T> {
  title: string;
  /** What the chart says, for screen readers (role="img"). */
  summary: string;
  /** The same figures as a table: shown on request, and always the text alternative's details. */
  columns: TableColumnsType<T>;
  rows: readonly T[];
  rowKey: keyof T & string;
  empty: boolean;
  emptyText: string;
  loading?: boolean;
  /** Beside the table switch (a metric switch). */
  extra?: ReactNode;
  height?: number;
  /** h2 on its own page, h3 inside another card (the seller's dashboard). */
  headingLevel?: 2 | 3;
  children: ReactNode;
}

/**
 * A chart card: the chart as one image with a summary for screen readers, and a "Show as table" switch that puts its
 * figures in a table instead (WCAG 1.1.1: the chart's text alternative, complete).
 */
export function ChartFrame<T extends object>({ title, summary, columns, rows, rowKey, empty, emptyText, loading, extra, height = CHART_HEIGHT, headingLevel = 2, children }: ChartFrameProps<T>) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card
      size="small"
      aria-labelledby={headingId}
      role="region"
      loading={loading}
      title={
        <Heading id={headingId} style={{ fontSize: headingLevel === 2 ? 16 : 14, margin: 0 }}>
          {title}
        </Heading>
      }
      extra={
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          {extra}
          <Button size="small" aria-pressed={asTable} onClick={() => setAsTable(!asTable)} disabled={empty}>
            {asTable ? 'Show as chart' : 'Show as table'}
          </Button>
        </span>
      }
    >
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      ) : asTable ? (
        <Table<T>
          size="small"
          aria-label={title}
          rowKey={rowKey}
          columns={columns}
          dataSource={rows as T[]}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 'max-content' }}
        />
      ) : (
        <div role="img" aria-label={summary} style={{ width: '100%', height }}>
          {children}
        </div>
      )}
    </Card>
  );
}

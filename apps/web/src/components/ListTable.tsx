import { Alert, Empty, Table, type TableColumnsType, type TableProps } from 'antd';
import { LIMITS } from '@fbo/shared/domain/limits';
import { ScrollRegion } from './ScrollRegion';
import { MSG } from '@fbo/shared/domain/messages';

export interface ListAnswer<T> {
  data: T[];
  total: number;
  totalCapped?: boolean;
}

interface Props<T> {
  columns: TableColumnsType<T>;
  answer: ListAnswer<T> | undefined;
  loading: boolean;
  error?: boolean;
  page: number;
  limit: number;
  onPageChange: (page: number, limit: number) => void;
  /** Names the table's scroll region for screen readers. */
  label: string;
  /** Optional row selection (bulk actions). */
  rowSelection?: TableProps<T>['rowSelection'];
}

/**
 * The paging half of a ListTable's props from a list query and the URL list params,
 * so every list page wires them the same way.
 */
export function pagedQueryProps<T>(
  query: { data?: ListAnswer<T>; isFetching: boolean; isError: boolean },
  list: { page: number; limit: number; update: (change: { page: number; limit: number }) => void },
) {
  return {
    answer: query.data,
    loading: query.isFetching,
    error: query.isError,
    page: list.page,
    limit: list.limit,
    onPageChange: (page: number, limit: number) => list.update({ page, limit }),
  };
}

/** "10,000+" when the server stopped counting at its cap (huge lists stay fast). */
export function totalText(total: number, capped?: boolean): string {
  return capped ? `${LIMITS.countCap.toLocaleString('en-US')}+` : total.toLocaleString('en-US');
}

/** A server-paginated table: page sizes 10-200, loading state and the 'No data' empty state. */
export function ListTable<T extends { id: string }>({ columns, answer, loading, error, page, limit, onPageChange, label, rowSelection }: Props<T>) {
  const total = answer ? (answer.totalCapped ? Math.max(answer.total, LIMITS.countCap) : answer.total) : 0;
  return (
    <>
      {error ? <Alert type="error" showIcon title={MSG.serverError} style={{ marginBottom: 16 }} /> : null}
      <ScrollRegion label={label}>
      <Table<T>
        rowKey="id"
        rowSelection={rowSelection}
        columns={columns}
        dataSource={answer?.data ?? []}
        loading={loading}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No data" /> }}
        pagination={{
          current: page,
          pageSize: limit,
          total,
          showSizeChanger: true,
          pageSizeOptions: LIMITS.pageSizes.map(String),
          showTotal: () => `Total ${answer ? totalText(answer.total, answer.totalCapped) : 0}`,
          onChange: (nextPage, nextLimit) => onPageChange(nextLimit === limit ? nextPage : 1, nextLimit),
        }}
      />
      </ScrollRegion>
    </>
  );
}

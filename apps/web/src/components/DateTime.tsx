import dayjs from 'dayjs';

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format(DATE_TIME_FORMAT) : '—';
}

export function DateTime({ value }: { value: string | null | undefined }) {
  return value ? <time dateTime={value}>{formatDateTime(value)}</time> : <>—</>;
}

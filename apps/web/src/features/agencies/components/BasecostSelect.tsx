import { QuerySelect, type QuerySelectProps } from '../../../components/QuerySelect';
import { basecostOptionsQuery } from '../../basecosts';

/** The administrator's base costs (GET /api/basecosts). Used inside a Form.Item, which gives id and value. */
export function BasecostSelect(props: Pick<QuerySelectProps, 'id' | 'value' | 'onChange'>) {
  return <QuerySelect {...props} placeholder="Select a base cost" query={basecostOptionsQuery()} option={(b) => ({ value: b.id, label: b.name })} empty="No base costs" />;
}

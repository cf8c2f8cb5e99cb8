import { SELLER_TYPES, SELLER_TYPE_LABELS } from '@fbo/shared/domain/sellers';
import { QuerySelect, type QuerySelectProps } from '../../../components/QuerySelect';
import { sellerBasecostsQuery, sellerPickerQuery, sellerStaffsQuery } from '../sellers.api';

/** The agency's base-cost groups (GET seller-teams/filter?type=basecost). Form.Item gives id and value. */
export function BasecostSelect({ placeholder = 'Select a base cost', ...props }: QuerySelectProps) {
  return <QuerySelect {...props} placeholder={placeholder} query={sellerBasecostsQuery()} option={(b) => ({ value: b.id, label: b.name })} empty="No base costs" />;
}

/** The agency's users (GET agencies/staffs): Supporter and Map user. */
export function StaffSelect({ placeholder = 'Select a user', ...props }: QuerySelectProps) {
  return (
    <QuerySelect
      {...props}
      placeholder={placeholder}
      query={sellerStaffsQuery()}
      option={(u) => ({ value: u.id, label: u.fullName ? `${u.fullName} (${u.email})` : u.email })}
      empty="No users"
    />
  );
}

/** Every team of the agency: the "Seller team" filter. */
export function SellerTeamSelect({ placeholder = 'All seller teams', ...props }: QuerySelectProps) {
  return <QuerySelect {...props} placeholder={placeholder} query={sellerPickerQuery()} option={(t) => ({ value: t.id, label: `${t.name} (${t.code})` })} empty="No seller teams" />;
}

export const SELLER_TYPE_OPTIONS = SELLER_TYPES.map((t) => ({ value: t, label: SELLER_TYPE_LABELS[t] }));

import { UserListPage } from '../components/UserListPage';

/** /s/users: a seller team manager's sub-users. */
export default function SellerUsersPage() {
  return <UserListPage title="Users" variant="seller" />;
}

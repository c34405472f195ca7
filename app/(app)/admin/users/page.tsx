import { UserCreateForm } from '../_components/user-create-form';
import { UsersSection } from '../_components/users-section';
import { pageTitle } from '../../../_lib/page-title';

export const generateMetadata = pageTitle('adminUsers');

export default function AdminUsersPage() {
  return (
    <>
      <UsersSection />
      <UserCreateForm />
    </>
  );
}

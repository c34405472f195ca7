import type { Metadata } from 'next';
import { UserCreateForm } from '../_components/user-create-form';
import { UsersSection } from '../_components/users-section';

export const metadata: Metadata = { title: 'Users · Administration · Stride' };

export default function AdminUsersPage() {
  return (
    <>
      <UsersSection />
      <UserCreateForm />
    </>
  );
}

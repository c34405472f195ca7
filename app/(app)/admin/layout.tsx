import type { ReactNode } from 'react';
import { AdminNav } from './_components/admin-nav';
import { RequireAdmin } from './_components/require-admin';

export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <RequireAdmin>
      <div className="settings">
        <h1>Administration</h1>
        <AdminNav />
        <div className="stack-lg">{children}</div>
      </div>
    </RequireAdmin>
  );
}

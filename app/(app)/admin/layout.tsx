import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { AdminNav } from './_components/admin-nav';
import { RequireAdmin } from './_components/require-admin';

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const t = await getTranslations('admin');
  return (
    <RequireAdmin>
      <div className="settings">
        <h1>{t('title')}</h1>
        <AdminNav />
        <div className="stack-lg">{children}</div>
      </div>
    </RequireAdmin>
  );
}

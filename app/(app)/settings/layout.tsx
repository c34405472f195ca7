import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { SettingsNav } from './_components/settings-nav';

export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const t = await getTranslations('settings');
  return (
    <div className="settings">
      <h1>{t('title')}</h1>
      <SettingsNav />
      <div className="stack-lg">{children}</div>
    </div>
  );
}

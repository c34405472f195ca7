import type { ReactNode } from 'react';
import { SettingsNav } from './_components/settings-nav';

export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="settings">
      <h1>Settings</h1>
      <SettingsNav />
      <div className="stack-lg">{children}</div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { AppHeader } from '../_components/app-header';
import { RequireSession } from '../_components/require-session';
import { TableCards } from '../_components/table-cards';

export default function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <AppHeader />
      <main id="content">
        <RequireSession>{children}</RequireSession>
      </main>
      <TableCards />
    </>
  );
}

import type { ReactNode } from 'react';

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main id="content" className="auth-main">
      <p className="brand brand-large" aria-hidden="true">
        Stride
      </p>
      {children}
    </main>
  );
}

import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Metadata } from 'next';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `${(await getTranslations('notFound'))('title')} · Stride` };
}

/** Any address the app does not know, in the person's language (issue 50), with a way back. */
export default async function NotFound() {
  const t = await getTranslations('notFound');
  return (
    <main id="content">
      <div className="card auth-card stack">
        <h1>{t('title')}</h1>
        <p>{t('text')}</p>
        <p>
          <Link href="/dashboard">{t('home')}</Link>
        </p>
      </div>
    </main>
  );
}

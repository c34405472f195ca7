// Next.js calls register() once when the server starts, before the first request.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { registerServer } = await import('./server/boot/register');
  await registerServer();
}

import { createHmac } from 'node:crypto';
import { startWebhookReceiver } from '../../server/testing/webhook-receiver';
import { E2E_BASE_URL } from '../fixtures/server-config';
import { expect, signIn, test } from '../fixtures/test';

// CONTRACT: Beyond the spec … Integrations: a webhook added in Settings → Integrations, its secret
// shown once, a test event delivered signed and listed in the delivery log.

test('add a webhook, send a test event, see it delivered and verify its signature', async ({ page, user }) => {
  const receiver = await startWebhookReceiver();
  try {
    await signIn(page, user);
    await page.goto('/settings/integrations');
    await page.getByLabel('Payload URL').fill(receiver.url);
    await page.getByLabel('job.finished').check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = (await page.getByTestId('new-webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('new-webhook-secret')).toHaveCount(0);

    const hook = page.getByTestId('webhook');
    await expect(hook).toContainText('activity.created, job.finished');
    await hook.getByRole('button', { name: 'Send test event' }).click();
    const log = hook.getByTestId('webhook-deliveries');
    await expect(log.getByRole('row', { name: /ping/ })).toContainText('succeeded');

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    const timestamp = delivery!.headers['x-stride-timestamp'] as string;
    expect(delivery!.headers['x-stride-signature']).toBe(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery!.body}`).digest('hex')}`);
    await expect(log).toContainText(JSON.parse(delivery!.body).id as string);

    await hook.getByRole('button', { name: `Delete the webhook ${receiver.url}` }).click();
    await page.getByRole('dialog', { name: 'Delete this webhook?' }).getByRole('button', { name: 'Delete webhook' }).click();
    await expect(page.getByText('No webhooks yet.')).toBeVisible();
  } finally {
    await receiver.close();
  }
});

test('issue 51: Connect your apps shows the server address and the inbox folder to copy, and links to docs/clients.md', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/settings/integrations');
  const card = page.getByRole('region', { name: 'Connect your apps' });
  await expect(card.getByTestId('server-address')).toHaveText(E2E_BASE_URL);
  await expect(card.getByTestId('connector-inbox-path')).toHaveText(new RegExp(`imports[/\\\\]${user.id}[/\\\\]inbox$`));
  const link = card.getByRole('link', { name: 'Which apps work and how to set each up' });
  const guide = await page.request.get((await link.getAttribute('href'))!);
  expect(guide.status()).toBe(200);
  expect(await guide.text()).toContain('# Apps that work with Stride');
});

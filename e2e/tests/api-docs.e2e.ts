import { test } from 'vitest';
import { useStage } from '../support/stage';

const stage = useStage();

test('the API docs render under the Content-Security-Policy', async () => {
  const { page, context } = await stage.phone();
  await page.goto('/api/docs');
  await page.getByRole('heading', { name: /PaiChat API/ }).waitFor();
  // The operations come from /api/docs/json, fetched under connect-src 'self'.
  await page.getByText('/chat/sendMsg').first().waitFor();
  await context.close();
});

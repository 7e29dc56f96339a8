import { expect, test } from 'vitest';
import { startFakeSite } from '../../apps/server/test/support/fakeSite';
import { png } from '../../apps/server/test/support/media';
import { friends } from '../support/people';
import { useStage } from '../support/stage';

// The fake site is on 127.0.0.1: the server may read it only with this setting.
const stage = useStage({ LINK_PREVIEW_LOCAL_SITES: 'on' });

test('alice pastes a link: its card shows above her input, goes with the text, and bob sees it', async () => {
  const site = await startFakeSite();
  try {
    site.page('/lighthouse.png', { type: 'image/png', body: await png(400, 200) });
    const url = site.page('/lighthouses', {
      body: `<!doctype html><html><head>
        <meta property="og:title" content="Lighthouses of the north coast">
        <meta property="og:description" content="Seven towers worth the walk.">
        <meta property="og:site_name" content="Coast Walks">
        <meta property="og:image" content="/lighthouse.png">
        </head><body>…</body></html>`,
    });
    const [alice, bob] = await friends(stage.server.url);
    const a = await stage.signedIn(alice);
    const b = await stage.signedIn(bob);
    await a.page.goto(`/#/wx/chatWindow/index?userId=${bob.userId}`);
    await b.page.goto(`/#/wx/chatWindow/index?userId=${alice.userId}`);

    const text = `For Saturday: ${url}`;
    await a.page.getByRole('textbox', { name: 'Message' }).fill(text);
    const preview = a.page.getByRole('group', { name: 'Link preview' });
    await preview.getByText('Lighthouses of the north coast').waitFor();
    expect(await preview.innerText()).toContain('Coast Walks');
    await a.page.getByRole('button', { name: 'Send', exact: true }).click();
    await preview.waitFor({ state: 'detached' });

    for (const page of [a.page, b.page]) {
      const card = page.getByRole('log').getByRole('link', { name: /Lighthouses of the north coast/ });
      await card.waitFor();
      expect(await card.innerText()).toContain('Seven towers worth the walk.');
      // The picture is loaded from the server's copy.
      expect(await card.locator('img').getAttribute('src')).toMatch(/^\/file\//);
    }
    // Bob's device never asked the site: only the server did, once for the page and once for its picture.
    expect(site.hits('/lighthouses')).toBe(1);
    expect(site.hits('/lighthouse.png')).toBe(1);

    // Tapping the card opens the page in a new tab.
    const opened = b.context.waitForEvent('page');
    await b.page
      .getByRole('log')
      .getByRole('link', { name: /Lighthouses of the north coast/ })
      .click();
    const tab = await opened;
    await tab.waitForLoadState('domcontentloaded');
    expect(tab.url()).toBe(url);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();
  } finally {
    await site.close();
  }
});

import type { Page } from '@playwright/test';
import { appReady, expect, saveScreenshot, test } from './fixtures';
import { SIZES } from './support/i18n-checks';

/**
 * The prerendered landing page (decision 017): `/` comes drawn in the visitor's language before any
 * JavaScript runs, React then takes it over without a hydration error, and its Hindi text, the prompt's
 * placeholder, the first example chip and the "Try Sangam" button included, is drawn in Noto Sans
 * Devanagari, never as boxes, even when the face arrives after the page was first laid out.
 */

const HINDI_HEADING = 'कई एआई मॉडल। एक जवाब।';
const HINDI_TITLE = 'Sangam (बीटा): कई एआई मॉडल, एक जवाब';
const PLACEHOLDER = 'Sangam से कुछ भी पूछें…';
const FIRST_CHIP = 'गहरी खोज';
const TRY_BUTTON = 'Sangam आज़माएँ';

/** The web fonts Chromium drew a node's text with (DevTools' "Rendered fonts"); the placeholder is in the textarea's shadow tree. */
async function renderedFonts(page: Page, find: 'placeholder' | string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  type DomNode = { nodeId: number; nodeName: string; attributes?: string[]; children?: DomNode[]; shadowRoots?: DomNode[] };
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  let nodeId = 0;
  if (find === 'placeholder') {
    const walk = (node: DomNode, inTextarea: boolean): void => {
      const attrs = node.attributes ?? [];
      if (inTextarea && attrs[attrs.indexOf('id') + 1] === 'placeholder' && attrs.includes('id')) nodeId = node.nodeId;
      for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) walk(child, inTextarea || node.nodeName === 'TEXTAREA');
    };
    walk(root, false);
  } else {
    ({ nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: find }));
  }
  expect(nodeId, find).toBeGreaterThan(0);
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.filter((f) => f.isCustomFont).map((f) => f.familyName);
}

/** Visible Devanagari text Chromium drew in no Noto face (boxes, where the system has no Devanagari font). */
async function devanagariWithoutFace(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  type DomNode = {
    nodeId: number;
    nodeType: number;
    nodeValue?: string;
    attributes?: string[];
    children?: DomNode[];
    shadowRoots?: DomNode[];
  };
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const texts: { parent: number; text: string }[] = [];
  const walk = (node: DomNode, parent: number, skip: boolean) => {
    const skipHere =
      skip || (node.attributes ?? []).includes('rotating-name') || /^(TITLE|HEAD)$/.test((node as { nodeName?: string }).nodeName ?? '');
    if (node.nodeType === 3 && !skipHere && /\p{Script=Devanagari}/u.test(node.nodeValue ?? ''))
      texts.push({ parent, text: node.nodeValue ?? '' });
    for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) walk(child, node.nodeId, skipHere);
  };
  walk(root, 0, false);
  const missing: string[] = [];
  for (const { parent, text } of texts) {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: parent });
    // No fonts: not drawn (hidden at this size).
    if (fonts.length > 0 && !fonts.some((f) => f.isCustomFont && f.familyName.startsWith('Noto Sans'))) missing.push(text.slice(0, 30));
  }
  await cdp.detach();
  return missing;
}

test.describe('before any JavaScript', () => {
  test.use({ javaScriptEnabled: false, locale: 'hi-IN', viewport: SIZES.phone });

  test('hi: the server sends the landing page drawn in Hindi, with its title and <html lang>', async ({ page, request }) => {
    const html = await (await request.get('/', { headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' } })).text();
    expect(html).toContain('<html lang="hi"');
    expect(html).toContain(`<title>${HINDI_TITLE}</title>`);
    expect(html).toContain('<div id="root" data-prerendered="hi" inert>');
    expect(html).toContain(HINDI_HEADING);

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page).toHaveTitle(HINDI_TITLE);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(HINDI_HEADING);
    await expect(page.locator('textarea')).toHaveAttribute('placeholder', PLACEHOLDER);
    await saveScreenshot(page, 'landing-prerender-hi-nojs-phone');
  });
});

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`hi, ${size}`, () => {
    test.use({ locale: 'hi-IN', viewport });

    test('hydrates without an error, and its Hindi is drawn in Noto Sans Devanagari, the face arriving late included', async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      // The face arrives after the page is first laid out (a slow phone network): its text must still switch to it.
      await page.route(/noto-sans-devanagari-.*\.woff2$/, async (route) => {
        await new Promise((r) => setTimeout(r, 800));
        await route.continue();
      });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(HINDI_HEADING);
      // React has taken the page over: the first chip's click fills the prompt.
      await appReady(page);
      const chip = page.locator('ul[aria-label] li:first-child button');
      await expect(chip).toHaveText(FIRST_CHIP);
      await chip.click();
      await expect(page.locator('textarea')).toHaveValue(`${FIRST_CHIP}: `);
      await page.locator('textarea').fill('');
      await page.evaluate(() => document.fonts.ready);

      const tryButton = page.locator('main a.btn-primary').first();
      await expect(tryButton).toHaveText(TRY_BUTTON);
      const loaded = await page.evaluate(
        (texts) => texts.map((t) => document.fonts.check(`16px "Noto Sans Devanagari Variable"`, t.replace(/[A-Za-z …]/g, ''))),
        [PLACEHOLDER, FIRST_CHIP, TRY_BUTTON],
      );
      expect(loaded).toEqual([true, true, true]);
      expect(await renderedFonts(page, 'placeholder')).toContain('Noto Sans Devanagari');
      expect(await renderedFonts(page, 'ul[aria-label] li:first-child button')).toContain('Noto Sans Devanagari');
      expect(await renderedFonts(page, 'main a.btn-primary')).toContain('Noto Sans Devanagari');
      // No other text either (but the rotating name, drawn in the system's fonts on purpose: fonts.css).
      expect(await devanagariWithoutFace(page)).toEqual([]);
      expect(problems).toEqual([]);
      await saveScreenshot(page, `landing-prerender-hi-hydrated-${size}`);
    });
  });
}

test.describe('en', () => {
  test.use({ locale: 'en-US', viewport: SIZES.phone });

  test('the English landing page is prerendered too and hydrates without an error', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    const response = await page.goto('/');
    expect(await response?.text()).toContain('<div id="root" data-prerendered="en" inert>');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await appReady(page);
    await page.getByRole('list', { name: 'Prompt categories' }).getByRole('button').first().click();
    await expect(page.locator('textarea')).not.toHaveValue('');
    expect(problems).toEqual([]);
  });
});

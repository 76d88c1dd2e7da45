import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { ChatPage } from './support/chat-page';
import { behave } from './support/fake-llm';
import { createUser, signIn } from './support/users';

/**
 * Issue 15 in the browser: "How the models agreed" and its chips in both modes, on a desktop and a
 * 360 px phone; costs in rupees, this month's use, the estimate before sending, late answers and
 * fusing again. The fake models disagree on a fact, and the judge (the fusion model) says so.
 */
const SHOTS = process.env.FUSION_SHOTS_DIR ?? '/tmp/fusion-shots';
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1440, height: 900 };
const tagOf = (name: string) => `zf${name}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const RUPEES_AND_TOKENS = /^₹[\d,]+(\.\d\d)? · [\d,]+ tokens$/;

/**
 * Alpha and Beta disagree on the boiling point; the judge's request (its prompt has the question right
 * before "Compare the candidate answers") gets an analysis that lists the contradiction.
 */
async function scriptDisagreement(tag: string) {
  await behave('alpha', { match: tag, reply: 'Water boils at 100 °C at sea level.' });
  await behave('beta', { match: tag, reply: 'Water boils at 90 °C at sea level.' });
  await behave('gamma', { match: tag, reply: 'Water boils sooner on a mountain.' });
  const analysis = {
    consensus: [{ text: 'Water boils when heated enough.', models: ['alpha', 'beta', 'gamma'] }],
    contradictions: [
      {
        topic: 'The boiling point at sea level',
        sides: [
          { claim: 'It is 100 °C.', models: ['alpha'] },
          { claim: 'It is 90 °C.', models: ['beta'] },
        ],
      },
    ],
    unique: [{ text: 'Altitude lowers the boiling point.', models: ['gamma'] }],
    openQuestions: ['How long does it take to boil?'],
  };
  await behave('fusion', { match: `${tag}\\n\\nCompare the candidate answers`, reply: JSON.stringify(analysis) });
}

test.beforeEach(async ({ page, request }) => {
  await signIn(page, await createUser(request));
});

test('the shared page of a Sangam chat shows "How the models agreed" read-only, and a chip shows that answer', async ({
  page,
  chat,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  const tag = tagOf('shared');
  await scriptDisagreement(tag);
  await chat.ask(`When does water boil ${tag}`, 'Sangam');
  await expect(chat.sangamAnswer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await page.goto('/chat');
  // The search answers before the list is used: a list re-rendered by it would close the menu again.
  const searched = page.waitForResponse((r) => r.url().includes('/api/v1/chats?') && r.url().includes(tag));
  await page.getByRole('searchbox', { name: 'Search chats' }).fill(tag);
  await searched;
  const item = page.getByRole('list').getByRole('listitem').first();
  await item.getByRole('button', { name: /^Share or export/ }).click();
  await item.getByRole('button', { name: 'Create link' }).click();
  const link = await item.getByRole('textbox', { name: 'Share link' }).inputValue();

  const visitor = await browser.newContext();
  try {
    const anon = await visitor.newPage();
    await anon.goto(link);
    const panel = anon.getByTestId('agreement-panel');
    await expect(panel.getByTestId('agreement-label')).toHaveText('Partial agreement · 1 of 2 points agreed');
    await panel.getByRole('button', { name: /How the models agreed/ }).click();
    await panel.getByTestId('contradiction-side').last().getByRole('button', { name: "Open Beta Claude's answer" }).click();
    await expect(anon.getByRole('article', { name: "Beta Claude's answer" })).toContainText('Water boils at 90 °C at sea level.');
    await new ChatPage(anon).shot(SHOTS, 'shared-panel-desktop');
  } finally {
    await visitor.close();
  }
});

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`Sangam mode on a ${device}: the panel shows agreement, the contradiction side by side, and a chip opens that answer in a side view`, async ({
    page,
    chat,
  }) => {
    await page.setViewportSize(viewport);
    const tag = tagOf('sangam');
    await scriptDisagreement(tag);
    await chat.ask(`When does water boil ${tag}`, 'Sangam');
    await expect(chat.sangamAnswer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    const card = chat.sangamAnswer;
    // Costs: the fused card's footer, the chat's total, and this month's use in the header.
    await expect(card.getByTestId('answer-cost')).toHaveText(RUPEES_AND_TOKENS, { timeout: 15_000 });
    await expect(page.getByTestId('chat-cost')).toHaveText(/^This chat: ₹[\d,.]+ · [\d,]+ tokens$/);
    await expect(page.getByTestId('usage-meter')).toBeVisible();

    const toggle = card.getByRole('button', { name: /How the models agreed/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(card.getByTestId('agreement-label')).toHaveText('Partial agreement · 1 of 2 points agreed');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(card.getByTestId('agreement-consensus')).toContainText('Water boils when heated enough.');
    const sides = card.getByTestId('contradiction-side');
    await expect(sides).toHaveCount(2);
    await expect(sides.first()).toContainText('It is 100 °C.');
    await expect(sides.first().getByRole('button', { name: "Open Alpha GPT's answer" })).toBeVisible();
    await expect(sides.last()).toContainText('It is 90 °C.');
    await expect(card.getByTestId('agreement-unique')).toContainText('Altitude lowers the boiling point.');
    await expect(card.getByTestId('agreement-open')).toContainText('How long does it take to boil?');
    if (device === 'desktop') {
      // Side by side on a wide screen: the two claims share a row.
      const [a, b] = [await sides.first().boundingBox(), await sides.last().boundingBox()];
      expect(a && b && Math.abs(a.y - b.y) < 2 && b.x > a.x).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await chat.shot(SHOTS, `sangam-panel-${device}`);

    const chip = sides.last().getByRole('button', { name: "Open Beta Claude's answer" });
    await chip.click();
    const sheet = page.getByRole('dialog', { name: 'Beta Claude' });
    await expect(sheet).toContainText('Water boils at 90 °C at sea level.');
    await expect(sheet.getByRole('button', { name: 'Close answer' })).toBeFocused();
    const box = await sheet.boundingBox();
    if (device === 'phone') expect(box?.width).toBe(PHONE.width);
    else expect(box && box.width < viewport.width / 2).toBe(true);
    await chat.shot(SHOTS, `sangam-sheet-${device}`);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(chip).toBeFocused();

    // Stored with the answer: the same panel after a reload.
    await page.reload();
    await expect(chat.sangamAnswer.getByTestId('agreement-label')).toHaveText('Partial agreement · 1 of 2 points agreed');
  });

  test(`Universe mode on a ${device}: the estimate before sending, and a chip brings that model's card to the front`, async ({
    page,
    chat,
  }) => {
    await page.setViewportSize(viewport);
    const tag = tagOf('universe');
    await scriptDisagreement(tag);
    await page.goto('/chat');
    await chat.chooseMode('Universe');
    await chat.promptBox.fill(`When does water boil ${tag}`);
    await expect(page.getByTestId('estimate')).toHaveText(/^3 models, about (₹[\d,.]+|[\d,]+ tokens) of your plan$/);
    await chat.shot(SHOTS, `universe-estimate-${device}`);

    await chat.ask(`When does water boil ${tag}`, 'Universe');

    await expect(chat.sangamAnswer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    const turn = chat.turns.last();
    const panel = turn.getByTestId('agreement-panel');
    await panel.getByRole('button', { name: /How the models agreed/ }).click();
    await panel.getByTestId('agreement-unique').getByRole('button', { name: "Open Gamma Gemini's answer" }).click();
    const front = turn.locator('[data-testid="carousel-item"][data-front="true"]');
    await expect(front.getByRole('article')).toHaveAccessibleName('Gamma Gemini');
    await expect(front.getByRole('article')).toBeFocused();
    await expect(front.getByRole('article').getByTestId('answer-cost')).toHaveText(RUPEES_AND_TOKENS);
    // Compare All is kept for this turn; a chip from there also brings the card to the front.
    await turn.getByRole('button', { name: 'Compare All' }).click();
    await expect(turn.getByTestId('compare-grid')).toBeVisible();
    await panel.getByTestId('agreement-contradictions').getByRole('button', { name: "Open Beta Claude's answer" }).click();
    await expect(turn.getByTestId('compare-grid')).toHaveCount(0);
    await expect(front.getByRole('article')).toHaveAccessibleName('Beta Claude');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await chat.shot(SHOTS, `universe-front-${device}`);
    await expectNoSeriousA11yViolations(page);
  });
}

test('a slow model is late: its live status says so, its card is marked, and "Fuse again with 1 more answer" fuses it in', async ({
  page,
  chat,
}) => {
  const tag = tagOf('late');
  // Gamma answers 6 s after the others; fusion starts 3 s after the first answer (FUSION_DEADLINE_MS in the e2e setup).
  await behave('gamma', { match: tag, reply: 'Gamma took its time.', delayMs: 6000 });
  await page.goto('/chat');
  await chat.chooseMode('Universe');
  await chat.send(`Slow and steady ${tag}`);
  await chat.use();
  // While the proposers work, the fused card shows each model's status; the fast ones are done first.
  const status = chat.sangamAnswer.getByTestId('model-status');
  await expect(status.locator('[data-phase="done"]')).toHaveCount(2, { timeout: 15_000 });
  await expect(status.getByText('Gamma Gemini')).toBeVisible();
  await chat.shot(SHOTS, 'late-status-desktop');
  await expect(chat.sangamAnswer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  // Universe mode shows the late answer as it arrives, marked as not in the fused answer.
  const liveGamma = chat.turns.last().getByRole('article', { name: 'Gamma Gemini', includeHidden: true });
  await expect(liveGamma).toContainText('Gamma took its time.', { timeout: 15_000 });
  await expect(liveGamma.getByTestId('late-badge')).toBeAttached();
  await page.reload();
  const turn = chat.turns.last();
  const gamma = turn.getByRole('article', { name: 'Gamma Gemini', includeHidden: true });
  await expect(gamma.getByTestId('late-badge')).toHaveText('Late — not in the fused answer', { timeout: 20_000 });
  const refuse = turn.getByRole('button', { name: 'Fuse again with 1 more answer' });
  await expect(refuse).toBeVisible();
  await turn
    .getByTestId('agreement-panel')
    .getByRole('button', { name: /How the models agreed/ })
    .click();
  await expect(turn.getByTestId('agreement-panel')).toContainText('Fused from 2 answers');
  await chat.shot(SHOTS, 'late-before-refuse-desktop');
  await refuse.click();
  await expect(turn.getByTestId('agreement-panel')).toContainText('Fused from 3 answers', { timeout: 20_000 });
  await expect(refuse).toHaveCount(0);
  await expect(turn.getByRole('article', { name: 'Sangam Answer' })).toContainText('Fused answer from 3 answers');
});

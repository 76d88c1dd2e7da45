import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export type ChatMode = 'Sangam' | 'Universe';

/**
 * The chat screen as the journeys use it: the prompt box, the mode switch, the prompt options (Use),
 * the thread's turns and answer cards, and the follow-up box.
 */
export class ChatPage {
  constructor(readonly page: Page) {}

  get promptBox() {
    return this.page.getByRole('textbox', { name: 'Your prompt' });
  }
  get followUpBox() {
    return this.page.getByRole('textbox', { name: 'Follow-up prompt' });
  }
  /** The prompt as typed, offered with the refined suggestions. */
  get ownPrompt() {
    return this.page.getByRole('article', { name: 'Your Prompt' });
  }
  get answerCards() {
    return this.page.getByTestId('answer-card');
  }
  get sangamAnswer() {
    return this.page.getByRole('article', { name: 'Sangam Answer' });
  }
  get turns() {
    return this.page.getByTestId('turn');
  }
  get lastTurn() {
    return this.turns.last();
  }
  get questions() {
    return this.page.getByTestId('question');
  }

  async open() {
    await this.page.goto('/chat');
  }
  async chooseMode(mode: ChatMode) {
    await this.page.getByRole('button', { name: mode, exact: mode === 'Sangam' }).click();
  }
  /** Types a new question and sends it with Enter: the prompt options appear. */
  async send(prompt: string) {
    await this.promptBox.fill(prompt);
    await this.promptBox.press('Enter');
  }
  /** Answers with the prompt option named `option` (the prompt as typed by default). */
  async use(option = 'Your Prompt') {
    await this.page.getByRole('article', { name: option }).getByRole('button', { name: 'Use' }).click();
  }
  /** A new question from /chat in `mode`, answered with the prompt as typed. */
  async ask(prompt: string, mode: ChatMode = 'Sangam') {
    await this.open();
    if (mode === 'Universe') await this.chooseMode('Universe');
    await this.send(prompt);
    await this.use();
  }
  /** A follow-up from the box at the bottom of the thread, answered with the option `use`. */
  async followUp(prompt: string, use = 'Your Prompt') {
    await this.followUpBox.fill(prompt);
    await this.followUpBox.press('Enter');
    await this.use(use);
  }
  async expectLastAnswerDone(timeout = 20_000) {
    await expect(this.lastTurn.getByTestId('answer-card').first()).toHaveAttribute('data-status', 'done', { timeout });
  }
  /** A full-page screenshot into `dir` (outside the repository), to be looked at. */
  async shot(dir: string, name: string) {
    fs.mkdirSync(dir, { recursive: true });
    await this.page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  }
}

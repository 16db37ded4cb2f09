import { test as base } from '@playwright/test';
import { StudioPage } from './pages/StudioPage';

/** `studio`: a fresh studio (each test has its own browser context, so empty IndexedDB). */
export const test = base.extend<{ studio: StudioPage }>({
  studio: async ({ page }, use) => {
    const studio = new StudioPage(page);
    await studio.open();
    await use(studio);
  },
});
export { expect } from '@playwright/test';

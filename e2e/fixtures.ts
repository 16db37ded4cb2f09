import { test as base } from '@playwright/test';
import { AnalyzerPage } from './pages/AnalyzerPage';

export const test = base.extend<{ analyzer: AnalyzerPage }>({
  analyzer: async ({ page }, use) => {
    const analyzer = new AnalyzerPage(page);
    await analyzer.open();
    await use(analyzer);
  },
});
export { expect } from '@playwright/test';

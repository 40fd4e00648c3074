// Accessibility as a test: axe-core (the npm package, read from node_modules) is injected into a page driven by
// playwright-core and run over what the page shows now. A browser test calls `expectNoSeriousAxeViolations` at each
// page state it reaches; critical and serious violations fail it, with what axe found and where.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Every violation axe finds on the page as it is now (all impacts), WCAG 2.x A and AA rules and best practices. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol, which the page's Content-Security-Policy does not govern (a script tag would be refused).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target: target.map(String), failureSummary })),
    }));
  });
}

/** The critical and serious ones, each as one readable line: what, how bad, where. */
export function seriousViolations(violations: readonly AxeViolation[]): string[] {
  return violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => `${violation.impact} ${violation.id} (${violation.help}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Fails with the list when axe finds a critical or serious violation on the page in its state `name`. */
export async function expectNoSeriousAxeViolations(page: Page, name: string): Promise<void> {
  const serious = seriousViolations(await axeViolations(page));
  if (serious.length > 0) throw new Error(`axe-core found ${serious.length} critical or serious violation(s) on ${name}:\n${serious.join('\n')}`);
}

/**
 * The `test` every spec imports (instead of `@playwright/test`): Playwright's, with an automatic
 * accessibility check. Every screen a test visits is scanned with axe (docs/web.md, "Accessibility"):
 * each page of the test is watched, and when its path changes (a full load or a route change of the
 * single-page app, a dialog's child route included) the screen is scanned once it has settled; the
 * screen the test ends on is scanned too. A serious or critical violation fails the test, naming the
 * rule, the screen, the element's selector and axe's help.
 *
 * Each screen is scanned once per run: the first test of any worker to reach it pays for the scan and
 * would fail on its violations; later tests that pass through the same screen (every test signs in) do
 * not scan it again. Scanning every visit made the browser suite three times as long for no more
 * findings; scanning once per worker still read each screen twice.
 */
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, test as base, type Page, type TestInfo } from '@playwright/test';
import { PORT } from './credentials.ts';
import { scannedDir } from './mailbox.ts';

export { expect, type Locator, type Page } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** What fails a test; moderate and minor findings are attached to the report only. */
const FAILING = new Set(['serious', 'critical']);
const SCAN_ALLOWANCE_MS = 60_000;

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

interface Finding {
  screen: string;
  violation: Violation;
}

/**
 * Resolves once the screen is still: no loader, spinner or skeleton, no transition running, and no
 * change to the page for a moment. Runs in the browser. A route change updates the URL before the
 * new screen's code has arrived, so "still" is what says the screen is there, not the URL.
 */
function waitUntilStill({ quietMs, maxMs }: { quietMs: number; maxMs: number }): Promise<void> {
  return new Promise((resolve) => {
    const start = performance.now();
    let last = start;
    const observer = new MutationObserver(() => {
      last = performance.now();
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const busy = () =>
      document.querySelector('[role="progressbar"], .MuiSkeleton-root, [aria-busy="true"]') !== null ||
      document
        .getAnimations()
        .some(
          (a) =>
            a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY &&
            (a.playState === 'running' || a.pending),
        );
    const tick = () => {
      if (busy()) last = performance.now();
      // A screen that stays busy (a sync's progress bar) is read as it is after a while.
      if (performance.now() - last >= quietMs || performance.now() - start >= maxMs) {
        observer.disconnect();
        resolve();
      } else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/**
 * The rules a screen in transition can fake, dropped from a scan during which the page changed: colour
 * contrast (read half-faded), and an ARIA-hidden app root with focusable content: MUI hides the root while
 * a dialog or menu is open and until its closing transition ends, and axe no longer sees the fading dialog
 * as the open modal that excuses it (seen once in CI, the asset dialog closing after a save).
 */
const TRANSITION_RULES = new Set(['color-contrast', 'aria-hidden-focus']);

/** How many times a screen is scanned when the page changes while the scan runs. */
const STILL_SCAN_ATTEMPTS = 2;

/** Runs in the browser: notes any change to the page from now on (see `stopWatchingChanges`). */
function watchChanges(): void {
  const w = window as unknown as { __a11yChanged?: boolean; __a11yObserver?: MutationObserver };
  w.__a11yObserver?.disconnect();
  w.__a11yChanged = false;
  w.__a11yObserver = new MutationObserver(() => {
    w.__a11yChanged = true;
  });
  w.__a11yObserver.observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
}

/** Runs in the browser: whether the page changed since `watchChanges`, or is still animating. */
function stopWatchingChanges(): boolean {
  const w = window as unknown as { __a11yChanged?: boolean; __a11yObserver?: MutationObserver };
  w.__a11yObserver?.disconnect();
  const animating = document
    .getAnimations()
    .some(
      (a) =>
        a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY &&
        (a.playState === 'running' || a.pending),
    );
  return w.__a11yChanged === true || animating;
}

/** The app's origin (the config's `baseURL`), set by the fixture. */
let appOrigin: string | undefined;

/**
 * The screen a URL shows: its path, with record ids and tokens as `:id` (`/cms/customers/:id/edit`), so
 * a test that opens three customers scans the customer page once. The query (search, sort) is the same
 * screen too.
 */
const screenOf = (url: string, app: string | undefined = appOrigin) => {
  try {
    const { origin, pathname } = new URL(url);
    // Only the app's own screens: not a help link's site opened in a new tab, nor a browser error page.
    if (origin === 'null' || (app !== undefined && origin !== app)) return null;
    return pathname.replace(/\/(?=[^/]*\d)[^/]+/g, '/:id');
  } catch {
    return null;
  }
};

/** The screens scanned in this run, by any worker: a file each (`scannedDir`), kept in memory too. */
const scannedInRun = new Set<string>();
const scannedFile = (screen: string) => join(scannedDir(PORT), encodeURIComponent(screen));
const wasScanned = (screen: string) => scannedInRun.has(screen) || existsSync(scannedFile(screen));
function markScanned(screen: string) {
  scannedInRun.add(screen);
  mkdirSync(scannedDir(PORT), { recursive: true });
  writeFileSync(scannedFile(screen), '');
}

/** Watches pages and scans their screens; `check()` scans the current one on demand. */
export class A11yChecker {
  readonly findings: Finding[] = [];
  readonly scanned: string[] = [];
  readonly errors: string[] = [];
  private queue: Promise<void> = Promise.resolve();
  private readonly seen = new WeakMap<Page, Set<string>>();

  constructor(private readonly testInfo: TestInfo) {}

  /** Scans every screen `page` shows from now on (the fixture does this for every page of the test). */
  watch(page: Page) {
    if (this.seen.has(page)) return;
    this.seen.set(page, new Set());
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.enqueue(page, frame.url(), false);
    });
  }

  /** Scans the screen `page` shows now (once it is still), even if this path was scanned before. */
  async check(page: Page) {
    this.enqueue(page, page.url(), true);
    await this.queue;
  }

  /** Scans the screen `page` shows now unless this worker has already read that screen. */
  async checkIfNew(page: Page) {
    this.enqueue(page, page.url(), false);
    await this.queue;
  }

  /** Whether a scan in this run (any worker's) has judged the screen at `path` (`/cms/customers/1`). */
  isJudged(path: string): boolean {
    const screen = screenOf(new URL(path, appOrigin ?? 'http://localhost').href);
    return screen !== null && wasScanned(screen);
  }

  /** Waits for the scans under way. */
  settled() {
    return this.queue;
  }

  private enqueue(page: Page, url: string, force: boolean) {
    const screen = screenOf(url);
    const seen = this.seen.get(page);
    if (!screen || !seen || (!force && (seen.has(screen) || wasScanned(screen)))) return;
    seen.add(screen);
    // One scan at a time: axe is heavy, and the machine runs other suites beside this one.
    // A scan that fails is reported when the test ends, never as an unhandled rejection meanwhile.
    this.queue = this.queue
      .then(() => this.scan(page, screen))
      .catch((error: unknown) => {
        this.errors.push(`${screen}: ${String(error)}`);
      });
  }

  private async scan(page: Page, screen: string, retry = true): Promise<void> {
    const started = Date.now();
    // The scan's time is not the test's (scans run beside it and share its machine): it gets an
    // allowance while the scan runs, then exactly the time the scan took.
    this.testInfo.setTimeout(this.testInfo.timeout + SCAN_ALLOWANCE_MS);
    try {
      if (page.isClosed() || screenOf(page.url()) !== screen) return;
      const isHtml = await page.evaluate(() => document.contentType === 'text/html');
      if (!isHtml) return;
      // The test goes on while a scan runs. A scan during which the page changed (a menu fading in, a
      // dialog opening) may have read colours half-drawn: it is read again; if the page changed then too,
      // its findings are kept except the rules a transition can fake (TRANSITION_RULES).
      for (let attempt = 1; attempt <= STILL_SCAN_ATTEMPTS; attempt++) {
        await page.evaluate(waitUntilStill, { quietMs: 300, maxMs: 10_000 });
        // The test moved on while the screen settled: the next screen is scanned on its own.
        if (screenOf(page.url()) !== screen) return;
        await page.evaluate(watchChanges);
        // Legacy mode runs axe in the page itself: the default opens a blank page in the test's context
        // to merge results, which takes the focus away from the page under test. Only violations are
        // returned: serialising every passing element is most of a scan's time.
        const results = await new AxeBuilder({ page })
          .setLegacyMode(true)
          .withTags(AXE_TAGS)
          .options({ resultTypes: ['violations'] })
          .analyze();
        const changed = await page.evaluate(stopWatchingChanges);
        if (screenOf(page.url()) !== screen) return;
        if (changed && attempt < STILL_SCAN_ATTEMPTS) continue;
        this.scanned.push(screen);
        // Only a finished scan counts: a screen left before it settled is read when a test next stays.
        markScanned(screen);
        for (const violation of results.violations) {
          if (changed && TRANSITION_RULES.has(violation.id)) continue;
          this.findings.push({ screen, violation });
        }
        return;
      }
    } catch (error) {
      // A page closed or navigated away mid-scan (axe injected into the document before it is gone
      // then): that screen was left before it could be read.
      if (page.isClosed() || screenOf(page.url()) !== screen) return;
      if (/context was destroyed|Target .*closed|navigat/i.test(String(error))) return;
      // The same screen loaded anew (a reload) between injecting axe and running it: read it again.
      if (retry && /reading 'run(Partial)?'/.test(String(error))) return this.scan(page, screen, false);
      throw error;
    } finally {
      this.testInfo.setTimeout(this.testInfo.timeout - SCAN_ALLOWANCE_MS + (Date.now() - started));
    }
  }

  /** The serious and critical violations, one paragraph each, for the test's failure message. */
  report(): string {
    const failing = this.findings.filter((f) => FAILING.has(f.violation.impact ?? ''));
    return failing
      .map(({ screen, violation: v }) =>
        [
          `[${v.impact}] ${v.id} on ${screen}: ${v.help} (${v.helpUrl})`,
          ...v.nodes.map(
            (n) =>
              `    at ${n.target.join(' ')}${n.failureSummary ? `\n      ${n.failureSummary.replaceAll('\n', '\n      ')}` : ''}`,
          ),
        ].join('\n'),
      )
      .join('\n');
  }

  async attachAll() {
    if (this.findings.length === 0) return;
    await this.testInfo.attach('axe findings', {
      contentType: 'application/json',
      body: JSON.stringify(
        this.findings.map(({ screen, violation: v }) => ({
          screen,
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(' ')),
        })),
        null,
        2,
      ),
    });
  }
}

/** Pages of contexts a test opens itself (`browser.newContext()`) are watched too, while it runs. */
function watchNewContexts(browser: Browser, checker: A11yChecker): () => void {
  const original = browser.newContext;
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await original.apply(browser, args);
    context.on('page', (page) => checker.watch(page));
    return context;
  };
  return () => {
    browser.newContext = original;
  };
}

/**
 * Every `page.setViewportSize` returns once the page has taken the new size and drawn two frames since.
 * The app lays itself out anew for a phone or a desktop (media queries; `useMediaQuery` a render later),
 * and a click right after a resize could land on a dialog or a bar being laid out anew (seen in CI: a
 * dialog's button clicked right after the phone width). Best effort: a page navigating meanwhile is
 * left to the test's next step.
 */
function settleResizes(page: Page) {
  const resize = page.setViewportSize.bind(page);
  page.setViewportSize = async (size) => {
    await resize(size);
    await page
      .waitForFunction(
        ({ width, height }) => window.innerWidth === width && window.innerHeight === height,
        size,
        { timeout: 5_000 },
      )
      .then(() =>
        page.evaluate(
          () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
        ),
      )
      .catch(() => {});
  };
}

export const test = base.extend<{ a11y: A11yChecker; settledResizes: undefined }>({
  settledResizes: [
    async ({ context }, use) => {
      context.on('page', settleResizes);
      for (const page of context.pages()) settleResizes(page);
      await use(undefined);
    },
    { auto: true },
  ],
  a11y: [
    async ({ context, browser }, use, testInfo) => {
      const baseURL = testInfo.project.use.baseURL;
      appOrigin = baseURL ? new URL(baseURL).origin : undefined;
      const checker = new A11yChecker(testInfo);
      context.on('page', (page) => checker.watch(page));
      for (const page of context.pages()) checker.watch(page);
      const restore = watchNewContexts(browser, checker);
      await use(checker);
      restore();
      // The screen each open page ends on, in the state the test left it.
      if (testInfo.status === testInfo.expectedStatus) {
        for (const page of context.pages()) if (!page.isClosed()) await checker.checkIfNew(page);
      }
      await checker.settled();
      await checker.attachAll();
      // A11Y_LOG=<file>: every screen judged, a line each (to see what the suite's scans cover).
      if (process.env.A11Y_LOG && checker.scanned.length > 0) {
        appendFileSync(process.env.A11Y_LOG, `${checker.scanned.join('\n')}\n`);
      }
      if (checker.errors.length > 0) {
        throw new Error(`Accessibility (axe): a scan failed\n${checker.errors.join('\n')}`);
      }
      const report = checker.report();
      if (report) {
        throw new Error(`Accessibility (axe): serious or critical violations\n${report}`);
      }
    },
    { auto: true },
  ],
});

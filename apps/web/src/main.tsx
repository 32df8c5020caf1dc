/**
 * Entry of the SPA. The styles are imported here, so index.html links them; the code starts in stages, each
 * evaluated in its own task with a yield to the browser between them:
 * 1. with this module, the `base` chunk it imports (zod's setting, Vite's preload helper, and with them Mantine's
 *    frame components, i18next with the messages' loader and the API client: vite.config.ts);
 * 2. React DOM's client, the reconciler (`base-react-dom`: fetched with the base chunk, which imports React DOM for
 *    Mantine's portals, but a CommonJS module runs when it is first imported, here);
 * 3. the app (app/start.tsx, with React Router: `base-router`).
 * Evaluated as one static graph, they were one task of ~150 ms on a phone (Lighthouse's 4× CPU), which the browser
 * could not interrupt. Every chunk is already fetched in parallel (`modulepreload` in index.html), so the stages
 * cost no request (issue 18 item 4; ADR 0205). If a stage cannot be loaded, the page says so (app/boot-failure.ts).
 */
// First: zod's jitless setting, before any schema is built (lib/zod-jitless.ts).
import './lib/zod-jitless.ts';
import '@mantine/core/styles.css';
import './app/a11y.css';
import { showBootFailure } from './app/boot-failure.ts';

/** A macrotask boundary: the browser may paint and handle input before the next stage is evaluated. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot(root: HTMLElement) {
  await import('react-dom/client');
  await yieldToBrowser();
  const { start } = await import('./app/start.tsx');
  await start(root);
}

const root = document.getElementById('root');
// A chunk that could not be fetched (a dropped connection) leaves a message and a reload link, not a blank page.
if (root) boot(root).catch(() => showBootFailure(root));

import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { MAIN_ID, PageFocus, resetPageFocus, SkipLink } from './PageFocus.tsx';

function Layout() {
  return (
    <div>
      <SkipLink />
      <nav>
        <Link to="/a">A</Link>
        <Link to="/b">B</Link>
        <Link to="/c">C</Link>
      </nav>
      <main id={MAIN_ID}>
        <PageFocus />
        <Outlet />
      </main>
    </div>
  );
}

/** Another layout (a route change may mount a new layout, e.g. the light /login's and the others'). */
function OtherLayout() {
  return (
    <main id={MAIN_ID}>
      <PageFocus />
      <Outlet />
    </main>
  );
}

const setup = () => {
  void i18n.changeLanguage('ms');
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/a', element: <h1>Halaman A</h1> },
          {
            path: '/b',
            element: (
              <>
                <h1>Halaman B</h1>
                <input aria-label="medan" />
              </>
            ),
          },
        ],
      },
      { element: <OtherLayout />, children: [{ path: '/c', element: <h1>Halaman C</h1> }] },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => resetPageFocus());

describe('PageFocus', () => {
  it('moves focus to the heading when the route change mounts another layout', async () => {
    const user = userEvent.setup();
    setup();
    await waitFor(() => expect(document.title).toBe('Halaman A · Wasiat Online'));
    await user.click(screen.getByRole('link', { name: 'C' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Halaman C' })));
  });

  it('titles the page by its heading and moves focus to the new heading on a route change', async () => {
    const user = userEvent.setup();
    setup();
    await waitFor(() => expect(document.title).toBe('Halaman A · Wasiat Online'));
    // the first load leaves focus where the browser put it
    expect(document.activeElement).toBe(document.body);
    await user.click(screen.getByRole('link', { name: 'B' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Halaman B' })));
    expect(document.title).toBe('Halaman B · Wasiat Online');
  });

  it('the skip link is first and moves focus to main', async () => {
    const user = userEvent.setup();
    setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Langkau ke kandungan utama' });
    expect(document.activeElement).toBe(skip);
    await act(() => user.keyboard('{Enter}'));
    expect(document.activeElement?.id).toBe(MAIN_ID);
  });
});

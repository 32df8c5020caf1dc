import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import i18n from '../i18n.ts';
import { MAIN_ID, PageFocus, SkipLink } from './PageFocus.tsx';

function Layout() {
  return (
    <div>
      <SkipLink />
      <nav>
        <Link to="/a">A</Link>
        <Link to="/b">B</Link>
      </nav>
      <main id={MAIN_ID}>
        <PageFocus />
        <Outlet />
      </main>
    </div>
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
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

describe('PageFocus', () => {
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

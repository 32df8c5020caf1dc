/** The toast and dialog hosts (loaded on first need by lib/feedback.tsx; ADR 0143). */
import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';

/** Mantine's hosts; `onReady` runs after their own effects (they listen for `modals.open` from then on). */
export default function FeedbackHosts({ onReady }: { onReady: () => void }) {
  useEffect(() => onReady(), [onReady]);
  return (
    <>
      {/* Bottom: a toast never covers the header's language switch and login link (WCAG 2.4.11). */}
      <Notifications position="bottom-right" />
      <ModalsProvider />
    </>
  );
}

/**
 * An alert whose title and text keep a readable contrast (axe colour-contrast, task brief accessibility):
 * Mantine's light alert colours its title with the light shade of the colour; here both use the text colour,
 * the colour shows only in the background and the border. The meaning is always in the words.
 */
import { Alert, type AlertProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** Same props as Mantine's Alert. */
export function Notice({ children, styles, ...props }: AlertProps & { children?: ReactNode; 'data-testid'?: string }) {
  return (
    <Alert
      variant="light"
      {...props}
      styles={{
        title: { color: 'var(--mantine-color-text)' },
        message: { color: 'var(--mantine-color-text)' },
        root: { border: '1px solid currentColor' },
        ...(typeof styles === 'object' ? styles : {}),
      }}
    >
      {children}
    </Alert>
  );
}

/**
 * The facts card of a log's detail page (History logs, Event List): `DetailField`s in a grid, two
 * columns on a phone, four on a wide screen; and `CodeBlock`, a JSON or text value set in monospace.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { ReactNode } from 'react';

export function DetailGrid({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardContent>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          {children}
        </Box>
      </CardContent>
    </Card>
  );
}

export const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** Pretty-printed JSON (or any preformatted text), scrolling past `maxHeight`. */
export function CodeBlock({
  children,
  maxHeight = 320,
  testId,
}: {
  children: string;
  maxHeight?: number;
  testId?: string;
}) {
  return (
    <Box
      component="pre"
      data-testid={testId}
      // In the tab order: a long block scrolls, and a keyboard user must be able to reach it.
      tabIndex={0}
      sx={{
        m: 0,
        p: 1.5,
        fontSize: 13,
        fontFamily: MONOSPACE,
        bgcolor: 'action.hover',
        borderRadius: 1,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        maxHeight,
        overflow: 'auto',
      }}
    >
      {children}
    </Box>
  );
}

import { Fragment } from 'react';

/**
 * An email, domain or long name that may break after "@" and dots (a `<wbr>` there) rather than in
 * the middle of a word; with `overflow-wrap: anywhere` around it (the list's cells and cards) a part
 * still too long for the width breaks anywhere instead of pushing the page sideways.
 */
export function WrapText({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  const parts = text.split(/(?<=[@.])/);
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

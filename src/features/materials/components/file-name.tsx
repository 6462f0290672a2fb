import { Fragment } from 'react';

/**
 * A file name (or a title made from one) that may wrap after "_", "-" and "." — names like
 * week_3_cell_biology.pdf have no spaces, and breaking them at any letter reads badly on a phone.
 */
export function FileName({ name }: { name: string }) {
  const parts = name.split(/(?<=[_\-.])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </>
  );
}

/** Placeholder footer (replaced by the shell work). */
export function Footer() {
  return <footer />;
}

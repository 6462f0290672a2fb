/** The first two letters of the name, uppercased; "U" without a name. */
export function initials(name: string | undefined): string {
  const letters = Array.from((name ?? '').trim())
    .slice(0, 2)
    .join('');
  return letters ? letters.toUpperCase() : 'U';
}

/** The initials disc (decorative: the button around it carries the accessible name). */
export function Avatar({ name }: { name: string | undefined }) {
  return (
    <span className="avatar" aria-hidden="true">
      {initials(name)}
    </span>
  );
}

/** Placeholder: reset-password-page. */
export default function Page() {
  return <div className="page">reset-password-page</div>;
}

/** Placeholder: verify-email-page. */
export default function Page() {
  return <div className="page">verify-email-page</div>;
}

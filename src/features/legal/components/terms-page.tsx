/** Placeholder: terms-page. */
export default function Page() {
  return <div className="page">terms-page</div>;
}

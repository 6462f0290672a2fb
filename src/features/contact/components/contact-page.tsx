/** Placeholder: contact-page. */
export default function Page() {
  return <div className="page">contact-page</div>;
}

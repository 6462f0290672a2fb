/** Placeholder: privacy-page. */
export default function Page() {
  return <div className="page">privacy-page</div>;
}

/** Placeholder: social-callback-page. */
export default function Page() {
  return <div className="page">social-callback-page</div>;
}

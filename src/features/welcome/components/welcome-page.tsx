/** Placeholder: welcome-page. */
export default function Page() {
  return <div className="page">welcome-page</div>;
}

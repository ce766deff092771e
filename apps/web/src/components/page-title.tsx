/** The document's title, "Name — Bazaar" (React 19 hoists it into <head>); every route renders one. */
export function PageTitle({ name }: { name: string }) {
  return <title>{`${name} — Bazaar`}</title>;
}

/**
 * The document's title, "Name — Bazaar", or the shop's name alone without `name` (the home page); React 19 hoists it
 * into <head>. Every route renders one.
 */
export function PageTitle({ name }: { name?: string }) {
  return <title>{name ? `${name} — Bazaar` : 'Bazaar'}</title>;
}

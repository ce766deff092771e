// The dashboard (a later issue). Loaded lazily so that the storefront bundle does not carry it.
export function Component() {
  return <h1 className="text-2xl font-bold">Dashboard</h1>;
}

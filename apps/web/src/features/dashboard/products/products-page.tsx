// Products (being built).
export function Component() {
  return <h1 className="text-2xl font-bold">Products</h1>;
}

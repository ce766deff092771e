// Add Product (being built).
export function Component() {
  return <h1 className="text-2xl font-bold">Add Product</h1>;
}

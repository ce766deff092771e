// Edit Product (being built).
export function Component() {
  return <h1 className="text-2xl font-bold">Edit Product</h1>;
}

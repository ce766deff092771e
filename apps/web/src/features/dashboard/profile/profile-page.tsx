// Profile (being built).
export function Component() {
  return <h1 className="text-2xl font-bold">Profile</h1>;
}

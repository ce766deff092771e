/**
 * A form's message that belongs to no single field (a refused sign-in), shown at the top of the form and read out
 * as it appears. The fields it is about name it with `aria-describedby={id}`.
 */
export function FormAlert({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="rounded-lg bg-rose-50 px-4 py-3 text-sm font-medium text-rose-800">
      {message}
    </p>
  );
}

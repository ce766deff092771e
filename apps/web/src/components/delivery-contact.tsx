/** The server sends a seller the delivery contact only while they have lines of the order to ship or deliver. */
const NO_CONTACT = 'Not shown, nothing of yours left to ship or deliver';

const termClass = 'font-medium whitespace-nowrap text-gray-600';

/**
 * Where an order goes and whom to call, as terms of a `<dl>`: the contact typed at checkout (with its e-mail for the
 * buyer), or, for a seller whose part is done (`address` null), why it is not shown.
 */
export function DeliveryContact({
  name,
  address,
  phone,
  email,
}: {
  name: string | null;
  address: string | null;
  phone: string | null;
  email?: string;
}) {
  if (address === null) {
    return (
      <>
        <dt className={termClass}>Ship to</dt>
        <dd className="text-gray-600">{NO_CONTACT}</dd>
      </>
    );
  }
  return (
    <>
      <dt className={termClass}>Ship to</dt>
      <dd className="break-words whitespace-pre-line text-gray-900">
        {name && `${name}\n`}
        {address}
      </dd>
      <dt className={termClass}>Phone</dt>
      <dd className="text-gray-900">{phone}</dd>
      {email && (
        <>
          <dt className={termClass}>Email</dt>
          <dd className="break-words text-gray-900">{email}</dd>
        </>
      )}
    </>
  );
}

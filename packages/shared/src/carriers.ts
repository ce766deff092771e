// Without zod, so that the web app can use them without loading the schemas (orders.ts re-exports them).

/** A carrier the shop knows: its tracking page is built from the tracking number. */
export interface KnownCarrier {
  name: string;
  trackingUrl: (trackingNumber: string) => string;
}

const withNumber = (prefix: string) => (trackingNumber: string) =>
  `${prefix}${encodeURIComponent(trackingNumber)}`;

/** The couriers a small seller in Bangladesh, or one shipping abroad, uses most, with their public tracking pages. */
export const KNOWN_CARRIERS: readonly KnownCarrier[] = [
  { name: 'Steadfast', trackingUrl: withNumber('https://steadfast.com.bd/t/') },
  { name: 'RedX', trackingUrl: withNumber('https://redx.com.bd/track-parcel/?trackingId=') },
  {
    name: 'DHL Express',
    trackingUrl: withNumber(
      'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=',
    ),
  },
  { name: 'FedEx', trackingUrl: withNumber('https://www.fedex.com/fedextrack/?trknbr=') },
  { name: 'UPS', trackingUrl: withNumber('https://www.ups.com/track?tracknum=') },
];

export const CARRIER_MAX = 60;
export const TRACKING_NUMBER_MAX = 40;
export const TRACKING_URL_MAX = 500;

/** The known carrier a name means, in any letter case. */
export const knownCarrier = (name: string): KnownCarrier | undefined =>
  KNOWN_CARRIERS.find((carrier) => carrier.name.toLowerCase() === name.trim().toLowerCase());

/**
 * A shipment's tracking as it is kept: the carrier under its own spelling when known, and the tracking page given,
 * or else built from a known carrier's number.
 */
export function trackingOf(given: {
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}): { carrier: string | null; trackingNumber: string | null; trackingUrl: string | null } {
  const known = given.carrier === null ? undefined : knownCarrier(given.carrier);
  const built = known && given.trackingNumber !== null ? known.trackingUrl(given.trackingNumber) : null;
  return {
    carrier: known?.name ?? given.carrier,
    trackingNumber: given.trackingNumber,
    trackingUrl: given.trackingUrl ?? built,
  };
}

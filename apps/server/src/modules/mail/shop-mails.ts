import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { orderNumberText } from '@bazaar/shared/orders';
import { formatDollars, sumCents } from '@bazaar/shared/pricing';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { mailBody } from './layout.ts';
import { outboxInsert, queueMail, queuedMail, type OutgoingMail } from './outbox.ts';

// The mails the shop sends about orders, sales and reviews; each user may turn them off (users.shop_mails).

export interface MailedOrder {
  number: number;
  userEmail: string;
  name: string;
  phone: string;
  address: string;
  paymentMethod: string;
  totalCents: number;
}

export interface MailedLine {
  sellerEmail: string;
  name: string;
  quantity: number;
  lineTotalCents: number;
}

/** How a shipment travels, as the seller said. */
export interface MailedTracking {
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

const lineText = (line: MailedLine) =>
  `${line.quantity} × ${line.name}: ${formatDollars(line.lineTotalCents)}`;

/** The page of one of the buyer's orders, where they see its payment and pay it. */
const orderPage = (shopUrl: string, order: { number: number }) =>
  `${shopUrl}/dashboard/orders/${orderNumberText(order.number)}`;

const WALLET_NAMES: Record<string, string> = { bkash: 'bKash', rocket: 'Rocket' };

/**
 * How to pay an order paid online: a wallet's amount, where to send it and where to give the transaction ID; a card's
 * page to pay it from.
 */
function paymentSteps(shopUrl: string, order: MailedOrder, payTo: { method: string; number: string | null }) {
  if (payTo.number === null) {
    return [
      `To pay ${formatDollars(order.totalCents)} by card, open your order's page (${orderPage(shopUrl, order)}) and choose Pay by card: you pay on Stripe's secure page.`,
      'We ship once the payment is received; an order not paid in time is cancelled.',
    ];
  }
  const wallet = WALLET_NAMES[payTo.method] ?? payTo.method;
  return [
    `To pay, send ${formatDollars(order.totalCents)} by ${wallet} to ${payTo.number}:`,
    `1. In your ${wallet} app, choose Send Money and enter ${payTo.number}.`,
    `2. Send exactly ${formatDollars(order.totalCents)} and keep the transaction ID you are given.`,
    `3. On your order's page (${orderPage(shopUrl, order)}), give your ${wallet} number and the transaction ID.`,
    'We ship once the payment is verified; an order not paid in time is cancelled.',
  ];
}

/**
 * The buyer's mail of a placed order, and each seller's of their own lines of it; `shipping` is what each seller's
 * part was charged to ship. An order paid online (`payTo`: a wallet's, a card's) says how to pay it.
 */
export function orderPlacedMails(
  shopUrl: string,
  order: MailedOrder,
  lines: MailedLine[],
  shipping: ReadonlyMap<string, number>,
  payTo?: { method: string; number: string | null },
): OutgoingMail[] {
  const goods = sumCents(lines.map((line) => line.lineTotalCents));
  const delivery = `Delivery to ${order.name}, ${order.address} (${order.phone}); payment: ${order.paymentMethod}.`;
  const buyer: OutgoingMail = {
    kind: 'order-placed',
    to: order.userEmail,
    subject: `Your order ${orderNumberText(order.number)} is placed`,
    ...mailBody({
      heading: 'Thank you for your order',
      paragraphs: [
        ...lines.map(lineText),
        `Subtotal: ${formatDollars(goods)}. Shipping: ${formatDollars(sumCents(shipping.values()))}.`,
        `Total: ${formatDollars(order.totalCents)}`,
        delivery,
        ...(payTo ? paymentSteps(shopUrl, order, payTo) : []),
      ],
      action: payTo
        ? { label: 'Pay for your order', url: orderPage(shopUrl, order) }
        : { label: 'See your orders', url: `${shopUrl}/dashboard/orders` },
    }),
  };
  const sellers = [...new Set(lines.map((line) => line.sellerEmail))].map((sellerEmail): OutgoingMail => {
    const own = lines.filter((line) => line.sellerEmail === sellerEmail);
    const ownGoods = sumCents(own.map((line) => line.lineTotalCents));
    const ownShipping = shipping.get(sellerEmail) ?? 0;
    const yourPart = `Your part: ${formatDollars(ownGoods + ownShipping)} (shipping ${formatDollars(ownShipping)}).`;
    return {
      kind: 'sale',
      to: sellerEmail,
      subject: `New sale: order ${orderNumberText(order.number)}`,
      ...mailBody({
        heading: 'You sold something',
        paragraphs: [...own.map(lineText), yourPart, delivery],
        action: { label: 'See your sales', url: `${shopUrl}/dashboard/sales` },
      }),
    };
  });
  return [buyer, ...sellers];
}

/**
 * The buyer's mail when a seller's (or an admin's) move changed the status of that seller's part of the order; a
 * cancellation says why, when its maker said, and that nothing is due for it.
 */
export function statusChangedMail(
  shopUrl: string,
  order: { number: number; userEmail: string },
  part: {
    sellerName: string;
    status: string;
    lines: MailedLine[];
    /** Who made the move: the seller's name, or the shop's for an admin's. */
    movedBy: string;
    reason?: string | undefined;
    /** How a shipment travels; `corrected` when the seller corrects what they said earlier. */
    tracking?: MailedTracking | undefined;
    corrected?: boolean;
  },
): OutgoingMail {
  const cancelled = part.status === 'cancelled';
  const why = part.reason === undefined ? [] : [`Reason: ${part.reason}`];
  const tracking = part.tracking;
  const trackingLines = tracking
    ? [
        ...(tracking.carrier === null ? [] : [`Carrier: ${tracking.carrier}`]),
        ...(tracking.trackingNumber === null ? [] : [`Tracking number: ${tracking.trackingNumber}`]),
      ]
    : [];
  const ordersUrl = `${shopUrl}/dashboard/orders`;
  const trackingUrl = tracking?.trackingUrl ?? null;
  return {
    kind: 'status-changed',
    to: order.userEmail,
    subject: part.corrected
      ? `Your order ${orderNumberText(order.number)} from ${part.sellerName}: new tracking`
      : `Your order ${orderNumberText(order.number)} from ${part.sellerName}: ${part.status}`,
    ...mailBody({
      heading: part.corrected
        ? `${part.sellerName} corrected how your order travels`
        : `Your order from ${part.sellerName} is ${part.status}`,
      paragraphs: [
        ...part.lines.map(lineText),
        ...(cancelled ? [`${part.movedBy} cancelled these.`, ...why, 'Nothing is due for these.'] : []),
        ...trackingLines,
        ...(trackingUrl === null ? [] : [`Your orders: ${ordersUrl}`]),
      ],
      action:
        trackingUrl === null
          ? { label: 'See your orders', url: ordersUrl }
          : { label: 'Track your parcel', url: trackingUrl },
    }),
  };
}

/** Why a seller's lines were cancelled without them: the buyer cancelled, or no payment arrived in time. */
export type SaleCancelledBy = 'buyer' | 'unpaid';

const SALE_CANCELLED_TEXTS: Record<SaleCancelledBy, { subject: string; heading: string; why: string[] }> = {
  buyer: { subject: 'was cancelled by the buyer', heading: 'The buyer cancelled their order', why: [] },
  unpaid: {
    subject: 'was cancelled: not paid',
    heading: 'The order was not paid',
    why: ['No payment arrived in time, so Bazaar cancelled the order and put its units back into stock.'],
  },
};

/** Each seller's mail when their lines of an order were cancelled without them. */
export function saleCancelledMails(
  shopUrl: string,
  order: { number: number },
  lines: MailedLine[],
  by: SaleCancelledBy,
): OutgoingMail[] {
  const { subject, heading, why } = SALE_CANCELLED_TEXTS[by];
  return [...new Set(lines.map((line) => line.sellerEmail))].map((sellerEmail) => ({
    kind: 'sale-cancelled',
    to: sellerEmail,
    subject: `Order ${orderNumberText(order.number)} ${subject}`,
    ...mailBody({
      heading,
      paragraphs: [
        ...lines.filter((line) => line.sellerEmail === sellerEmail).map(lineText),
        ...why,
        'Do not ship these.',
      ],
      action: { label: 'See your sales', url: `${shopUrl}/dashboard/sales` },
    }),
  }));
}

/** What the buyer is told of their order's payment: a claim accepted or rejected, the order ended, a refund made. */
export type PaymentNews =
  /** `refundCents`: what is owed back, the order having been cancelled (in part) since it was placed. */
  | { kind: 'accepted'; amountCents: number; refundCents: number }
  | { kind: 'rejected'; amountCents: number; reason: string; claimsLeft: number }
  | { kind: 'expired'; hours: number }
  | { kind: 'refund made'; amountCents: number; reference: string };

function paymentNewsText(news: PaymentNews): { subject: string; paragraphs: string[] } {
  switch (news.kind) {
    case 'accepted':
      return {
        subject: 'payment received',
        paragraphs: [
          `We received your payment of ${formatDollars(news.amountCents)}.`,
          news.refundCents > 0
            ? `Your order was cancelled in part or whole meanwhile: we owe you ${formatDollars(news.refundCents)}, which we will refund.`
            : 'Your order will ship soon.',
        ],
      };
    case 'rejected':
      return {
        subject: 'payment not verified',
        paragraphs: [
          `We could not verify your payment of ${formatDollars(news.amountCents)}.`,
          `Reason: ${news.reason}`,
          news.claimsLeft > 0
            ? `Please check the number and the transaction ID and send them again (${news.claimsLeft} more ${news.claimsLeft === 1 ? 'try' : 'tries'}).`
            : 'Please contact us about this order.',
        ],
      };
    case 'expired':
      return {
        subject: 'cancelled, not paid',
        paragraphs: [
          `No payment arrived within ${news.hours} hours, so Bazaar cancelled your order and nothing is due.`,
          'If you did send the money, give its transaction ID on the order page: it will be refunded.',
        ],
      };
    case 'refund made':
      return {
        subject: 'refund sent',
        paragraphs: [
          `We refunded ${formatDollars(news.amountCents)} to you.`,
          `Reference: ${news.reference}`,
        ],
      };
  }
}

/** The buyer's mail about their order's payment. */
export function paymentMail(
  shopUrl: string,
  order: { number: number; userEmail: string },
  news: PaymentNews,
): OutgoingMail {
  const { subject, paragraphs } = paymentNewsText(news);
  return {
    kind: `payment-${news.kind.replace(' ', '-')}`,
    to: order.userEmail,
    subject: `Your order ${orderNumberText(order.number)}: ${subject}`,
    ...mailBody({
      heading: `Order ${orderNumberText(order.number)}: ${subject}`,
      paragraphs,
      action: { label: 'See your order', url: orderPage(shopUrl, order) },
    }),
  };
}

/** The seller's mail of a new review of their product. */
export function reviewMail(
  shopUrl: string,
  sellerEmail: string,
  product: { id: string; name: string },
  review: { rating: number; text: string; authorName: string | null },
): OutgoingMail {
  return {
    kind: 'review',
    to: sellerEmail,
    subject: `New review of ${product.name}: ${review.rating}/5`,
    ...mailBody({
      heading: `${review.authorName ?? 'A buyer'} reviewed ${product.name}`,
      paragraphs: [`Rating: ${review.rating} of 5`, review.text],
      action: { label: 'See the product', url: `${shopUrl}/product/${product.id}` },
    }),
  };
}

/**
 * Whether the recipient of a queued mail takes shop mails (users.shop_mails); an address with no account (a seller
 * whose account is gone) does not.
 */
const takesShopMails = sql`exists (select 1 from ${users} where ${users.email} = ${queuedMail('to')} and ${users.shopMails})`;

/**
 * The outbox INSERT of shop mails, leaving out recipients who do not take them, for a prepared statement of the
 * caller's: `mails` is its placeholder for the mails' JSON, and `when`, a condition of that statement, must hold too.
 */
export function shopMailsInsert(mails: Placeholder, when: SQL): SQL {
  return outboxInsert(mails, sql`${takesShopMails} and ${when}`);
}

/** Queues shop mails in the caller's transaction, leaving out recipients who do not take them. */
export function queueShopMails(db: Pick<Database, 'execute'>, mails: OutgoingMail[]): Promise<void> {
  return queueMail(db, mails, takesShopMails);
}

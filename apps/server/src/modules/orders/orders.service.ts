import { createHash } from 'node:crypto';
import {
  movableFrom,
  orderNumberText,
  orderStatusOf,
  SELLER_CANCEL_REASON_REQUIRED,
  sellerHasWorkLeft,
  type FulfilmentRole,
  type Order,
  type OrderCreate,
  type OrderListQuery,
  type OrderStatus,
  type OrderStatusUpdate,
  type Sale,
  type SalesQuery,
  type Tracking,
  trackingOf,
} from '@bazaar/shared/orders';
import { basisPointsToPercent } from '@bazaar/shared/commission';
import { centsToDollars, formatDollars, sumCents } from '@bazaar/shared/pricing';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import type { Viewer } from '../auth/auth.module.ts';
import {
  orderPlacedMails,
  saleCancelledMails,
  statusChangedMail,
  type OutgoingMail,
} from '../mail/mail.module.ts';
import type {
  ListedLineRow,
  ListedOrderRow,
  MovedLine,
  OrderFilter,
  OrderRow,
  OrdersRepository,
  PricedLine,
  PricedLineRow,
  ShownLineRow,
  LineMove,
} from './orders.repository.ts';
import { shippedMailKey } from './shipment.ts';
import type { ShopImageUrls } from '../../images/image-urls.ts';
import { pricedLine } from '../../db/order-line.ts';
import { partsOf, shippingAtPlacement, totalWithShippingCents } from './order-parts.ts';
import type { OrderPayments, PlacementTerms } from './order-payments.ts';

/** Attempts at placing one order whose products change (or go) under it, before it is refused. */
const PLACEMENT_ATTEMPTS = 3;

/** JSON with sorted keys, so that equal submissions give equal text whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const digestOf = (input: OrderCreate) => createHash('sha256').update(canonicalJson(input)).digest('hex');

/** An order as answers show it, but for its payment (`withPayments`). */
type UnpaidOrder = Omit<Order, 'payment'>;
type UnpaidSale = Omit<Sale, 'payment'>;

/**
 * An order as the wire shows it: `row.totalCents` is what the buyer was asked to pay for `lines` (each seller's
 * shipping included, from `shipping`).
 */
function toOrder(
  row: OrderRow,
  lines: ShownLineRow[],
  shipping: ReadonlyMap<string, number>,
  images: ShopImageUrls,
): UnpaidOrder {
  const parts = partsOf(lines, shipping);
  return {
    _id: row.id,
    number: orderNumberText(row.number),
    name: row.name,
    email: row.email,
    userEmail: row.userEmail,
    phone: row.phone,
    address: row.address,
    paymentMethod: row.paymentMethod,
    products: lines.map((line) => ({
      _id: line.productId,
      name: line.name,
      price: centsToDollars(line.unitPriceCents),
      discount: line.discount,
      mainImage: { url: images.sent(line.imageUrl), alt: line.name },
      quantity: line.quantity,
      lineTotal: centsToDollars(line.lineTotalCents),
      status: line.status,
      seller: line.seller,
      cancellation: line.cancelledBy ? { by: line.cancelledBy, reason: line.cancelReason } : null,
      carrier: line.carrier,
      trackingNumber: line.trackingNumber,
      trackingUrl: line.trackingUrl,
      shippedAt: line.shippedAt?.toISOString() ?? null,
    })),
    subtotal: centsToDollars(sumCents(parts.map((part) => part.goodsCents))),
    shipping: centsToDollars(sumCents(parts.map((part) => part.shippingCents))),
    totalPrice: centsToDollars(row.totalCents),
    due: centsToDollars(sumCents(parts.map((part) => part.dueCents))),
    parts: parts.map((part) => ({
      seller: part.lines[0]?.seller ?? null,
      subtotal: centsToDollars(part.goodsCents),
      shipping: centsToDollars(part.shippingCents),
      due: centsToDollars(part.dueCents),
      status: part.status,
    })),
    orderTime: row.orderTime.toISOString(),
    status: row.status,
  };
}

/**
 * Until when the shipped lines of `lines` may be taken back, `graceSeconds` after the last was shipped; null when
 * none is shipped or that time has passed (or a line was shipped before the time of shipping was kept).
 */
function takeBackUntil(lines: ShownLineRow[], graceSeconds: number, now = Date.now()): string | null {
  const shipped = lines.filter((line) => line.status === 'shipped');
  if (shipped.length === 0 || shipped.some((line) => line.shippedAt === null)) return null;
  const until = Math.min(...shipped.map((line) => line.shippedAt?.getTime() ?? 0)) + graceSeconds * 1000;
  return until > now ? new Date(until).toISOString() : null;
}

/**
 * A sale as a seller sees it: the buyer by handle and name; neither the account's nor the contact e-mail, and the
 * delivery contact (the order's own copy, never the profile's) only while `withContact`.
 */
function toSale(
  row: ListedOrderRow,
  lines: ShownLineRow[],
  shipping: ReadonlyMap<string, number>,
  images: ShopImageUrls,
  { withContact, graceSeconds }: { withContact: boolean; graceSeconds: number },
): UnpaidSale {
  const { email, userEmail, ...order } = toOrder(row, lines, shipping, images);
  const contact = withContact ? {} : { name: null, phone: null, address: null };
  return {
    ...order,
    ...contact,
    buyer: row.buyer,
    takeBackUntil: takeBackUntil(lines, graceSeconds),
    commission: commissionOf(lines),
  };
}

/** The commission frozen on the lines not cancelled; every line of an order was placed at the same rate. */
function commissionOf(lines: ShownLineRow[]): Sale['commission'] {
  const live = lines.filter((line) => line.status !== 'cancelled');
  return {
    percent: basisPointsToPercent(lines[0]?.commissionBasisPoints ?? 0),
    amount: centsToDollars(sumCents(live.map((line) => line.commissionCents))),
  };
}

/** How an order is shaped for an answer, from its row, its lines and what each seller's part was charged to ship. */
type Presenter<Row, Shown> = (
  row: Row,
  lines: ShownLineRow[],
  shipping: ReadonlyMap<string, number>,
) => Shown;

/**
 * The orders of `rows` with their lines and parts, read in two queries (none per order), shaped by `present`. With
 * a seller, each order shows only that seller's lines and part, and its total and status are theirs: what the buyer
 * bought from others stays hidden.
 */
async function withLines<Row extends OrderRow, Shown>(
  repository: OrdersRepository,
  rows: Row[],
  sellerEmail: string | undefined,
  present: Presenter<Row, Shown>,
): Promise<Shown[]> {
  const ids = rows.map((row) => row.id);
  const [lines, parts] = await Promise.all([
    repository.linesOf(ids, sellerEmail),
    repository.shippingOf(ids, sellerEmail),
  ]);
  const byOrder = new Map<string, ListedLineRow[]>(rows.map((row) => [row.id, []]));
  for (const line of lines) byOrder.get(line.orderId)?.push(line);
  const shippingByOrder = new Map<string, Map<string, number>>(rows.map((row) => [row.id, new Map()]));
  for (const part of parts) shippingByOrder.get(part.orderId)?.set(part.sellerEmail, part.shippingCents);
  return rows.map((row) => {
    const own = byOrder.get(row.id) ?? [];
    const shipping = shippingByOrder.get(row.id) ?? new Map<string, number>();
    if (sellerEmail === undefined) return present(row, own, shipping);
    const totalCents = totalWithShippingCents(own, shipping);
    const status = orderStatusOf(own.map((line) => line.status));
    return present({ ...row, totalCents, status }, own, shipping);
  });
}

/** Orders with their payments, read for all of them at once. */
async function withPayments(payments: OrderPayments, shown: UnpaidOrder[]): Promise<Order[]> {
  const byOrder = await payments.ofOrders(shown.map((order) => order._id));
  return shown.map((order) => ({ ...order, payment: paymentOf(byOrder, order._id) }));
}

/** Sales with the payment of the seller's part (the whole order's for an admin: `sellerEmail` undefined). */
async function withSalePayments(
  payments: OrderPayments,
  shown: UnpaidSale[],
  sellerEmail: string | undefined,
): Promise<Sale[]> {
  const byOrder = await payments.ofSales(
    shown.map((sale) => sale._id),
    sellerEmail,
  );
  return shown.map((sale) => ({ ...sale, payment: paymentOf(byOrder, sale._id) }));
}

function paymentOf<Shown>(byOrder: Map<string, Shown>, orderId: string): Shown {
  const payment = byOrder.get(orderId);
  if (!payment) throw new Error(`no payment read for order ${orderId}`);
  return payment;
}

async function orderWithLines(
  repository: OrdersRepository,
  payments: OrderPayments,
  images: ShopImageUrls,
  row: OrderRow,
) {
  const present = (row: OrderRow, lines: ShownLineRow[], shipping: ReadonlyMap<string, number>) =>
    toOrder(row, lines, shipping, images);
  const [order] = await withPayments(payments, await withLines(repository, [row], undefined, present));
  if (!order) throw new Error('an order read without its row');
  return order;
}

/** The order a key was first used for; the same key for a different submission is refused. */
async function replay(
  repository: OrdersRepository,
  payments: OrderPayments,
  images: ShopImageUrls,
  earlier: OrderRow,
  digest: string,
): Promise<Order> {
  if (earlier.requestDigest !== digest) {
    throw new AppError(
      'CONFLICT',
      'This Idempotency-Key was already used for a different order. Send a new key for a new order.',
    );
  }
  return orderWithLines(repository, payments, images, earlier);
}

/**
 * Prices each line from the shop's products (client-sent prices are never read; the placement checks each line
 * against its product); the ids it lacks.
 */
async function priceLines(repository: OrdersRepository, wanted: OrderCreate['products'], fresh: boolean) {
  const found = await repository.findProducts(
    wanted.map((line) => line.productId),
    { fresh },
  );
  const byId = new Map(found.map((product) => [product.id, product]));
  const lines: PricedLine[] = [];
  const unknown: { productId: string; position: number }[] = [];
  wanted.forEach(({ productId, quantity }, position) => {
    const product = byId.get(productId);
    if (product) lines.push(pricedLine(product, quantity, position));
    else unknown.push({ productId, position });
  });
  return { lines, unknown };
}

function unknownProducts(unknown: { productId: string; position: number }[]) {
  return new AppError(
    'VALIDATION_ERROR',
    `Unknown or deleted products: ${unknown.map((line) => line.productId).join(', ')}`,
    unknown.map((line) => ({
      path: `products.${line.position}`,
      message: `No product with id ${line.productId}`,
    })),
  );
}

/** The refusal of an order holding products the buyer sells; `details` names each such line. */
function ownProducts(own: PricedLine[]) {
  const names = own.map((line) => line.name).join(', ');
  const message = `You cannot buy your own ${own.length === 1 ? 'product' : 'products'}: ${names}`;
  return new AppError(
    'OWN_PRODUCT',
    message,
    own.map((line) => ({
      path: `products.${line.position}`,
      message: `You cannot buy your own product: ${line.name}`,
    })),
  );
}

/** The refusal of an order for more units than a product has left; `details` names the line. */
function outOfStock(lines: PricedLineRow[], productId: string, left: number) {
  const position = lines.findIndex((line) => line.productId === productId);
  const name = lines[position]?.name ?? 'a product';
  const message = left === 0 ? `${name} is out of stock` : `Only ${left} left of ${name}`;
  return new AppError('OUT_OF_STOCK', message, [{ path: `products.${position}`, message }]);
}

/** The refusal of an order that would hold more of a product than the shop lets one buyer hold unshipped. */
function holdLimit(lines: PricedLineRow[], productId: string, held: number, mayAdd: number) {
  const position = lines.findIndex((line) => line.productId === productId);
  const name = lines[position]?.name ?? 'a product';
  const more =
    mayAdd === 0
      ? 'you may order more once one of them ships or you cancel it'
      : `you may order ${mayAdd} more`;
  const message =
    held === 0
      ? `You may order at most ${mayAdd} of ${name} until your orders of it ship.`
      : `You already have ${held} of ${name} in orders not yet shipped: ${more}.`;
  return new AppError('HOLD_LIMIT', message, [{ path: `products.${position}`, message }]);
}

/** The refusal of an order whose total is not the one the buyer was shown; nothing was ordered. */
function priceChanged(totalCents: number, shownCents: number) {
  return new AppError(
    'PRICE_CHANGED',
    `The price changed: the total is now ${formatDollars(totalCents)} (was ${formatDollars(shownCents)}). ` +
      'Place the order again to accept.',
    undefined,
    undefined,
    { totalPrice: centsToDollars(totalCents) },
  );
}

/** The part of each seller whose lines moved, in the order of their first line. */
function partsBySeller(moved: MovedLine[]) {
  type Part = { sellerEmail: string; sellerName: string | null; lines: MovedLine[] };
  const parts = new Map<string, Part>();
  for (const line of moved) {
    const { sellerEmail, sellerName } = line;
    const part: Part = parts.get(sellerEmail) ?? { sellerEmail, sellerName, lines: [] };
    part.lines.push(line);
    parts.set(sellerEmail, part);
  }
  return [...parts.values()];
}

/**
 * `images` makes the pictures of order lines absolute in answers; `shopUrl` (PUBLIC_URL) is what the links of the
 * mails orders cause are built on.
 */
export function createOrdersService(
  repository: OrdersRepository,
  payments: OrderPayments,
  images: ShopImageUrls,
  shopUrl: string,
  /** SHIPPING_GRACE_SECONDS: how long a shipment may be taken back, and its mail waits. */
  shippingGraceSeconds = 300,
) {
  const isBuyer = (viewer: Viewer, order: OrderRow) => order.userEmail === viewer.email.toLowerCase();
  /** The viewer's sales: only their lines, unless an admin's, who sees every line. */
  const sellerScope = (viewer: Viewer) => (viewer.isAdmin ? undefined : viewer.email.toLowerCase());
  // A seller reads where to send their lines while they have some to ship or deliver; an admin always.
  const presentSale =
    (sellerEmail: string | undefined): Presenter<ListedOrderRow, UnpaidSale> =>
    (row, lines, shipping) =>
      toSale(row, lines, shipping, images, {
        withContact: sellerEmail === undefined || sellerHasWorkLeft(lines.map((line) => line.status)),
        graceSeconds: shippingGraceSeconds,
      });

  /** The order a client named, or a 404. */
  async function existing<Row>(found: Promise<Row | undefined>): Promise<Row> {
    const row = await found;
    if (!row) throw notFound('Order');
    return row;
  }

  /**
   * The buyer hears of a seller's or an admin's move, and why a cancellation was made: one mail per part moved. The
   * mail of a shipment, with how it travels, waits for the grace period in which the shipment may be taken back.
   */
  const toBuyer =
    (to: OrderStatus, by: 'seller' | 'admin', { reason, tracking }: Omit<LineMove, 'from' | 'to' | 'by'>) =>
    (order: OrderRow, moved: MovedLine[]): OutgoingMail[] =>
      partsBySeller(moved).map(({ sellerEmail, sellerName, lines }) => ({
        ...statusChangedMail(shopUrl, order, {
          sellerName: sellerName ?? 'a former seller',
          status: to,
          lines,
          movedBy: by === 'admin' ? 'Bazaar' : (sellerName ?? 'The seller'),
          reason,
          tracking,
        }),
        ...(to === 'shipped'
          ? { hold: { key: shippedMailKey(order.id, sellerEmail), seconds: shippingGraceSeconds } }
          : {}),
      }));

  /** The buyer knows what they did: each seller whose part they cancelled hears of it. */
  const toSellers = (order: OrderRow, moved: MovedLine[]): OutgoingMail[] =>
    saleCancelledMails(shopUrl, order, moved, 'buyer');

  /** Makes a move of lines that must move at least one, stock kept in step; 409 `refusal` otherwise. */
  async function makeMove(
    orderId: string,
    move: LineMove,
    mailsOf: (order: OrderRow, moved: MovedLine[]) => OutgoingMail[],
    refusal: (reachable: OrderStatus[], order: OrderRow) => string,
  ): Promise<OrderRow> {
    const moved = await repository.moveLines(orderId, move, mailsOf);
    if (!moved) throw notFound('Order');
    if (moved.moved === 0) throw new AppError('CONFLICT', refusal(moved.reachable, moved.order));
    return moved.order;
  }

  /** Whose lines of the order the viewer moves: their own (403 without any), or every line for an admin. */
  async function sellerOf(viewer: Viewer, orderId: string): Promise<string | undefined> {
    const sellerEmail = sellerScope(viewer);
    if (sellerEmail !== undefined && (await repository.linesOf([orderId], sellerEmail)).length === 0) {
      throw new AppError('FORBIDDEN', 'You have nothing to ship in this order.');
    }
    return sellerEmail;
  }

  /** The sale as the viewer sees it after their write. */
  async function saleAfter(row: ListedOrderRow, sellerEmail: string | undefined): Promise<Sale> {
    const [sale] = await withLines(repository, [row], sellerEmail, presentSale(sellerEmail));
    const [paid] = sale ? await withSalePayments(payments, [sale], sellerEmail) : [];
    if (!paid) throw notFound('Order');
    return paid;
  }

  async function page(query: OrderListQuery & OrderFilter) {
    const { rows, total } = await repository.list(query);
    const present: Presenter<OrderRow, UnpaidOrder> = (row, lines, shipping) =>
      toOrder(row, lines, shipping, images);
    const shown = await withLines(repository, rows, query.sellerEmail, present);
    return { items: await withPayments(payments, shown), total };
  }

  return {
    /**
     * Places an order for the viewer, priced from the database. With an idempotency key, a repeated
     * submission answers the order the key first made (`created: false`) instead of making another.
     */
    async create(
      viewer: Viewer,
      input: OrderCreate,
      idempotencyKey: string | null,
    ): Promise<{ order: Order; created: boolean }> {
      const userEmail = viewer.email.toLowerCase();
      // The total the client showed is compared, never charged, and not part of what a key stands for.
      const { shownTotalCents, ...submission } = input;
      const digest = digestOf(submission);
      const { products: wanted, ...contact } = submission;
      // The key's earlier order, if any, answered instead of a new one.
      const earlier = async () => {
        const row =
          idempotencyKey === null
            ? undefined
            : await repository.findByIdempotencyKey(userEmail, idempotencyKey);
        return row && { order: await replay(repository, payments, images, row, digest), created: false };
      };
      let terms: PlacementTerms;
      try {
        terms = await payments.atPlacement(contact.paymentMethod);
      } catch (error) {
        // A retry is answered even if an admin has since stopped offering the method it was placed with.
        const replayed = await earlier();
        if (replayed) return replayed;
        throw error;
      }
      // Undefined when a line's product changed since it was priced: the next attempt reads it afresh.
      let fresh = false;
      const attempt = async (): Promise<{ order: Order; created: boolean } | undefined> => {
        const { lines, unknown } = await priceLines(repository, wanted, fresh);
        if (unknown.length > 0) {
          // A retry after success is answered even if a product has since been deleted (repriced: below).
          const replayed = await earlier();
          if (replayed) return replayed;
          throw unknownProducts(unknown);
        }
        // Who sells a line is the product's seller as the shop has it, compared with the session's account.
        const own = lines.filter((line) => line.sellerEmail === userEmail);
        if (own.length > 0) throw ownProducts(own);
        const shipping = shippingAtPlacement(lines);
        const totalCents = totalWithShippingCents(lines, shipping);
        if (shownTotalCents !== undefined && shownTotalCents !== totalCents) {
          // Priced from this process's memory, which may be older than what the buyer saw: ask the database.
          if (!fresh) {
            fresh = true;
            return undefined;
          }
          const replayed = await earlier();
          if (replayed) return replayed;
          throw priceChanged(totalCents, shownTotalCents);
        }
        const placement = await repository.placeOrder(
          {
            ...contact,
            userEmail,
            totalCents,
            status: 'processing',
            idempotencyKey,
            requestDigest: idempotencyKey === null ? null : digest,
            commissionBasisPoints: terms.commissionBasisPoints,
          },
          lines,
          shipping,
          (order, placed) => orderPlacedMails(shopUrl, order, placed, shipping, terms.payTo),
        );
        if (placement.outcome === 'repriced') {
          fresh = true;
          return undefined;
        }
        if (placement.outcome === 'placed') {
          const placed = placement.lines.map((line, index) => ({
            ...line,
            seller: lines[index]?.seller ?? null,
          }));
          const payment = payments.ofPlaced({
            method: placement.order.paymentMethod,
            placedAt: placement.order.orderTime,
            lines: placement.lines,
            shippingBySeller: shipping,
          });
          return { order: { ...toOrder(placement.order, placed, shipping, images), payment }, created: true };
        }
        // The key's order (made before, or by a concurrent submission) is the answer, even once it took the last units.
        const replayed = await earlier();
        if (replayed) return replayed;
        if (placement.outcome === 'short') throw outOfStock(lines, placement.productId, placement.left);
        if (placement.outcome === 'held') {
          throw holdLimit(lines, placement.productId, placement.held, placement.mayAdd);
        }
        throw new Error('an order insert conflicted without an earlier order');
      };
      // A product deleted as the order is placed fails its foreign key; the next attempt finds it gone.
      for (let attempts = 1; attempts <= PLACEMENT_ATTEMPTS; attempts += 1) {
        try {
          const placed = await attempt();
          if (placed) return placed;
        } catch (error) {
          if (!isForeignKeyViolation(error) || attempts === PLACEMENT_ATTEMPTS) throw error;
        }
      }
      throw new AppError(
        'CONFLICT',
        'The products of this order kept changing while it was placed. Please look at them again and retry.',
      );
    },

    /** The orders of one buyer: for that buyer (any letter case of the e-mail) and for admins. */
    async listByEmail(viewer: Viewer, email: string, query: OrderListQuery) {
      const userEmail = email.toLowerCase();
      if (!viewer.isAdmin && userEmail !== viewer.email.toLowerCase()) {
        throw new AppError('FORBIDDEN', 'You may only read your own orders.');
      }
      return page({ ...query, userEmail });
    },

    /** Every order for an admin; the viewer's own orders for anyone else. */
    async list(viewer: Viewer, query: OrderListQuery) {
      return page(viewer.isAdmin ? query : { ...query, userEmail: viewer.email.toLowerCase() });
    },

    /**
     * The orders holding the viewer's products, newest first, each with only the viewer's lines, their total and
     * the status of their part; an admin gets every order whole. `customer` narrows them to one buyer's handle,
     * `status` to the orders holding a line (of the viewer's) in that status.
     */
    async listSales(viewer: Viewer, { customer, status, ...paging }: SalesQuery) {
      const sellerEmail = sellerScope(viewer);
      const { rows, total } = await repository.list({
        ...paging,
        buyerHandle: customer,
        sellerEmail,
        lineStatus: status,
      });
      const shown = await withLines(repository, rows, sellerEmail, presentSale(sellerEmail));
      return { items: await withSalePayments(payments, shown, sellerEmail), total };
    },

    /**
     * The order with `number`: whole for its buyer and admins, their part (as `GET /api/sales` shows it) for a
     * seller of its lines. Anyone else is told there is no such order: numbers are easy to guess.
     */
    async findByNumber(viewer: Viewer, number: number): Promise<Order | Sale> {
      const row = await existing(repository.findListed({ number }));
      if (isBuyer(viewer, row) || viewer.isAdmin) return orderWithLines(repository, payments, images, row);
      const sellerEmail = viewer.email.toLowerCase();
      const [sale] = await withLines(repository, [row], sellerEmail, presentSale(sellerEmail));
      if (!sale || sale.products.length === 0) throw notFound('Order');
      const [paid] = await withSalePayments(payments, [sale], sellerEmail);
      if (!paid) throw notFound('Order');
      return paid;
    },

    /**
     * The buyer cancels every line of their order still processing; an admin moves every line that may make the
     * move (ships or cancels processing lines, delivers or cancels shipped ones). 409 when no line can.
     */
    async changeStatus(viewer: Viewer, id: string, update: OrderStatusUpdate): Promise<Order> {
      const { status: to, reason } = update;
      const row = await existing(repository.findById(id));
      const roles: FulfilmentRole[] = [];
      if (isBuyer(viewer, row)) roles.push('buyer');
      if (viewer.isAdmin) roles.push('admin');
      if (roles.length === 0) {
        throw new AppError('FORBIDDEN', 'Only the buyer or an admin may change this order.');
      }
      const tracking = trackingOf(update);
      const moved = await makeMove(
        row.id,
        {
          from: movableFrom(roles, to),
          to,
          by: viewer.isAdmin ? 'admin' : 'buyer',
          reason,
          tracking,
          actorEmail: viewer.email.toLowerCase(),
        },
        viewer.isAdmin ? toBuyer(to, 'admin', { reason, tracking }) : toSellers,
        (_reachable, order) => `An order that is ${order.status} cannot become ${to}.`,
      );
      return orderWithLines(repository, payments, images, moved);
    },

    /**
     * A seller moves their own lines of an order (ships or cancels processing ones, delivers shipped ones); an
     * admin moves every line that may make the move. 403 for anyone else, 409 when no line can make the move.
     */
    async changeSaleStatus(viewer: Viewer, orderId: string, update: OrderStatusUpdate): Promise<Sale> {
      const { status: to, reason } = update;
      const row = await existing(repository.findListed({ id: orderId }));
      const sellerEmail = await sellerOf(viewer, row.id);
      if (sellerEmail !== undefined && to === 'cancelled' && reason === undefined) {
        throw new AppError('VALIDATION_ERROR', SELLER_CANCEL_REASON_REQUIRED, [
          { path: 'reason', message: SELLER_CANCEL_REASON_REQUIRED },
        ]);
      }
      const by = viewer.isAdmin ? 'admin' : 'seller';
      const tracking = trackingOf(update);
      const moved = await makeMove(
        row.id,
        {
          sellerEmail,
          from: movableFrom([by], to),
          to,
          by,
          reason,
          tracking,
          actorEmail: viewer.email.toLowerCase(),
        },
        toBuyer(to, by, { reason, tracking }),
        (reachable, order) =>
          sellerEmail === undefined
            ? `An order that is ${order.status} cannot become ${to}.`
            : `Your part of this order is ${orderStatusOf(reachable)}; it cannot become ${to}.`,
      );
      return saleAfter({ ...row, ...moved }, sellerEmail);
    },

    /**
     * The seller (or an admin, for every line) takes back a shipment marked by mistake: its lines are processing
     * again and the buyer's mail of it is withdrawn. 409 once the buyer may have been told (the grace period over,
     * or the mail gone out), or when nothing is shipped.
     */
    async takeBackShipment(viewer: Viewer, orderId: string): Promise<Sale> {
      const row = await existing(repository.findListed({ id: orderId }));
      const sellerEmail = await sellerOf(viewer, row.id);
      const taken = await existing(repository.takeBack(row.id, sellerEmail, shippingGraceSeconds));
      if (taken.outcome === 'told') {
        throw new AppError(
          'CONFLICT',
          'The buyer has already been told this shipped: it can no longer be taken back. Correct its tracking instead.',
        );
      }
      if (taken.outcome === 'not shipped') {
        throw new AppError(
          'CONFLICT',
          `Nothing of yours in this order is shipped: it is ${orderStatusOf(taken.reachable)}.`,
        );
      }
      return saleAfter({ ...row, ...taken.order }, sellerEmail);
    },

    /**
     * The seller (or an admin, for every line) corrects how their shipped lines travel. The buyer's mail of the
     * shipment says the new tracking if it still waits; otherwise the buyer is mailed the correction. 409 when
     * nothing is shipped.
     */
    async correctTracking(viewer: Viewer, orderId: string, given: Tracking): Promise<Sale> {
      const row = await existing(repository.findListed({ id: orderId }));
      const sellerEmail = await sellerOf(viewer, row.id);
      const tracking = trackingOf(given);
      const corrected = await existing(
        repository.retrack(row.id, sellerEmail, tracking, (order, lines, news) => {
          const sellerName = lines[0]?.sellerName ?? 'a former seller';
          return statusChangedMail(shopUrl, order, {
            sellerName,
            status: 'shipped',
            lines,
            movedBy: sellerName,
            tracking,
            corrected: news === 'corrected',
          });
        }),
      );
      if (corrected.lines === 0) {
        throw new AppError(
          'CONFLICT',
          `Nothing of yours in this order is shipped: it is ${orderStatusOf(corrected.reachable)}.`,
        );
      }
      return saleAfter({ ...row, ...corrected.order }, sellerEmail);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

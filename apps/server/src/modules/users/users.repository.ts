import { and, asc, count, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderLines, orders, products, reviews, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'name'
    | 'phone'
    | 'address'
    | 'img'
    | 'shopMails'
    | 'shippingFeeCents'
    | 'freeShippingOverCents'
    | 'payoutMethod'
    | 'payoutAccount'
  >
>;
export interface Page {
  limit: number;
  offset: number;
}

export function createUsersRepository(db: Database) {
  /** E-mails of the users who ordered something the seller sold (kept on the line at order time). */
  const customerEmailsOf = (sellerEmail: string) =>
    db
      .selectDistinct({ email: orders.userEmail })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orderLines.sellerEmail, sellerEmail));

  async function page(where: ReturnType<typeof inArray> | undefined, { limit, offset }: Page) {
    const [rows, [counted]] = await Promise.all([
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(asc(users.name), asc(users.email))
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(users).where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async update(email: string, changes: UserChanges): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.email, email))
        .returning();
      return row;
    },

    /** Marks the account's e-mail as proven (the operator's `npm run users -- verify`); false when there is none. */
    async markEmailVerified(email: string): Promise<boolean> {
      const updated = await db
        .update(users)
        .set({ emailVerified: true, updatedAt: sql`now()` })
        .where(eq(users.email, email.trim().toLowerCase()))
        .returning({ id: users.id });
      return updated.length > 0;
    },

    /**
     * A seller's public identity, account date and number of products, by handle, with the number and mean rating
     * of the reviews of their products (one aggregate over the reviews; the mean is null without reviews). A seller
     * is a user with a product: anybody else's handle finds nothing, so that nobody learns from it who has an account.
     */
    async findSeller(handle: string) {
      const [row] = await db
        .select({
          id: users.id,
          handle: users.handle,
          name: users.name,
          createdAt: users.createdAt,
          shippingFeeCents: users.shippingFeeCents,
          freeShippingOverCents: users.freeShippingOverCents,
          productCount: db.$count(products, eq(products.sellerId, users.id)),
        })
        .from(users)
        .where(
          and(
            eq(users.handle, handle),
            exists(
              db
                .select({ one: sql`1` })
                .from(products)
                .where(eq(products.sellerId, users.id)),
            ),
          ),
        )
        .limit(1);
      if (!row) return undefined;
      const [ratings] = await db
        .select({ rating: sql<number | null>`avg(${reviews.rating})::float8`, reviewsCount: count() })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        // Reviews an admin hid count no more here than on their product.
        .where(and(eq(products.sellerId, row.id), isNull(reviews.hiddenAt)));
      return { ...row, rating: ratings?.rating ?? null, reviewsCount: ratings?.reviewsCount ?? 0 };
    },

    listAll: (paging: Page) => page(undefined, paging),

    listCustomersOf: (sellerEmail: string, paging: Page) =>
      page(inArray(users.email, customerEmailsOf(sellerEmail)), paging),
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

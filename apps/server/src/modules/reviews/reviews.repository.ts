import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  isNotNull,
  isNull,
  notExists,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AdminReviewListQuery,
  ReviewListQuery,
  ReviewUpdate,
  SellerReviewListQuery,
} from '@bazaar/shared/reviews';
import type { Database } from '../../db/client.ts';
import { orderLines, orders, products, reviews, users } from '../../db/schema.ts';
import { queueShopMails, type OutgoingMail } from '../mail/mail.module.ts';

/** A review with its author's current display name (null when the account is gone). */
export type ReviewRow = typeof reviews.$inferSelect & { authorName: string | null };

/** A reviewed product, as the mails of its review show it. */
export interface ReviewedProduct {
  id: string;
  name: string;
  sellerEmail: string;
}

/** What a review submission came to: the review, or why there was no line left to review. */
export type Submission =
  { outcome: 'reviewed'; review: ReviewRow } | { outcome: 'not a buyer' } | { outcome: 'all reviewed' };

const reviewWithAuthor = (db: Pick<Database, 'select'>) =>
  db
    .select({ ...getTableColumns(reviews), authorName: users.name })
    .from(reviews)
    .leftJoin(users, eq(users.email, reviews.authorEmail));

/** The buyer's delivered lines of the product; `unreviewed` keeps those without a review. */
function deliveredLines(db: Pick<Database, 'select'>, productId: string, buyerEmail: string) {
  const where = and(
    eq(orderLines.productId, productId),
    eq(orderLines.status, 'delivered'),
    eq(orders.userEmail, buyerEmail),
  );
  const query = () =>
    db
      .select({ orderId: orderLines.orderId, position: orderLines.position })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId));
  return {
    any: () => query().where(where).limit(1),
    /** The oldest first: a buyer reviews their purchases in the order they made them. */
    unreviewed: () =>
      query()
        .where(
          and(
            where,
            notExists(
              db
                .select({ one: sql`1` })
                .from(reviews)
                .where(
                  and(eq(reviews.orderId, orderLines.orderId), eq(reviews.linePosition, orderLines.position)),
                ),
            ),
          ),
        )
        .orderBy(orders.orderTime, orders.seq, orderLines.position)
        .limit(1),
  };
}

/**
 * The product's figures moved by addition (decision 014): a shown review adds one and its rating, a hidden or
 * deleted one takes them off, an edit moves the total by the change of its rating.
 */
const productFigures = (countChange: number, ratingChange: number) => ({
  reviewsCount: sql`${products.reviewsCount} + ${countChange}`,
  ratingTotal: sql`${products.ratingTotal} + ${ratingChange}`,
  ratings: sql`coalesce((${products.ratingTotal} + ${ratingChange})::real / nullif(${products.reviewsCount} + ${countChange}, 0), 0)`,
});

/** A reviewed product, as a reply's mail names it. */
export interface ReviewsProduct {
  sellerId: string;
  name: string;
}

export function createReviewsRepository(db: Database) {
  return {
    /** The product's seller and name, or undefined for an unknown product. */
    async findProduct(id: string): Promise<ReviewsProduct | undefined> {
      const [row] = await db
        .select({ sellerId: products.sellerId, name: products.name })
        .from(products)
        .where(eq(products.id, id))
        .limit(1);
      return row;
    },

    async findReview(productId: string, reviewId: string): Promise<ReviewRow | undefined> {
      const [row] = await reviewWithAuthor(db)
        .where(and(eq(reviews.id, reviewId), eq(reviews.productId, productId)))
        .limit(1);
      return row;
    },

    /** One page of a product's shown reviews (not those an admin hid), newest first, and how many it has. */
    async list(productId: string, { limit, offset }: ReviewListQuery) {
      const where = and(eq(reviews.productId, productId), isNull(reviews.hiddenAt));
      const [rows, [counted]] = await Promise.all([
        reviewWithAuthor(db)
          .where(where)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(reviews).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /** Whether the buyer has a delivered line of the product without a review. */
    async hasUnreviewedLine(productId: string, buyerEmail: string): Promise<boolean> {
      return (await deliveredLines(db, productId, buyerEmail).unreviewed()).length > 0;
    },

    /**
     * Reviews the buyer's oldest delivered, unreviewed line of the product, and adds the rating to the product's
     * figures by addition (never read, then written), in one transaction. The unique line of a review settles
     * two submissions for one line: the later one inserts nothing and tries the buyer's next line. The mails
     * `mailsOf` makes of the review and its product are queued in the same transaction.
     */
    addReview(
      productId: string,
      buyerEmail: string,
      review: { rating: number; text: string },
      mailsOf: (review: ReviewRow, product: ReviewedProduct) => OutgoingMail[],
    ): Promise<Submission> {
      return db.transaction(async (tx) => {
        const lines = deliveredLines(tx, productId, buyerEmail);
        for (;;) {
          const [line] = await lines.unreviewed();
          if (!line) {
            return { outcome: (await lines.any()).length > 0 ? 'all reviewed' : 'not a buyer' };
          }
          const [inserted] = await tx
            .insert(reviews)
            .values({
              productId,
              orderId: line.orderId,
              linePosition: line.position,
              authorEmail: buyerEmail,
              ...review,
            })
            .onConflictDoNothing({ target: [reviews.orderId, reviews.linePosition] })
            .returning();
          // Another submission reviewed this line first; each pass finds one line fewer, so this ends.
          if (!inserted) continue;
          const [product] = await tx
            .update(products)
            .set(productFigures(1, review.rating))
            .where(eq(products.id, productId))
            .returning({ id: products.id, name: products.name, sellerId: products.sellerId });
          const [author] = await tx
            .select({ name: users.name })
            .from(users)
            .where(eq(users.email, buyerEmail))
            .limit(1);
          const reviewed = { ...inserted, authorName: author?.name ?? null };
          const [seller] = product
            ? await tx
                .select({ email: users.email })
                .from(users)
                .where(eq(users.id, product.sellerId))
                .limit(1)
            : [];
          if (product && seller) {
            await queueShopMails(tx, mailsOf(reviewed, { ...product, sellerEmail: seller.email }));
          }
          return { outcome: 'reviewed', review: reviewed };
        }
      });
    },

    /** The ids of the buyer's reviews of the product. */
    async ownReviewIds(productId: string, buyerEmail: string): Promise<string[]> {
      const rows = await db
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.authorEmail, buyerEmail)));
      return rows.map((row) => row.id);
    },

    /**
     * Changes the review's rating or text, marks it edited and, while it is shown, moves the product's rating
     * total by the change, in one transaction. The review's row is locked first, so that an edit racing another,
     * a hiding or a deletion reads the rating that the figures hold. Undefined when the review is gone.
     */
    edit(reviewId: string, update: ReviewUpdate): Promise<ReviewRow | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ rating: reviews.rating, hiddenAt: reviews.hiddenAt, productId: reviews.productId })
          .from(reviews)
          .where(eq(reviews.id, reviewId))
          .for('update');
        if (!before) return undefined;
        await tx
          .update(reviews)
          .set({ ...update, editedAt: sql`now()` })
          .where(eq(reviews.id, reviewId));
        const ratingChange = (update.rating ?? before.rating) - before.rating;
        if (before.hiddenAt === null && ratingChange !== 0) {
          await tx
            .update(products)
            .set(productFigures(0, ratingChange))
            .where(eq(products.id, before.productId));
        }
        const [edited] = await reviewWithAuthor(tx).where(eq(reviews.id, reviewId)).limit(1);
        return edited;
      });
    },

    /**
     * Deletes the shown review and takes it off the product's figures, in one transaction; its line may be reviewed
     * again. A hidden review is kept: deleting it would free its line for a review that undoes the hiding.
     */
    remove(reviewId: string): Promise<'deleted' | 'hidden' | 'gone'> {
      return db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(reviews)
          .where(and(eq(reviews.id, reviewId), isNull(reviews.hiddenAt)))
          .returning({ rating: reviews.rating, productId: reviews.productId });
        if (!deleted) {
          const [kept] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId));
          return kept ? 'hidden' : 'gone';
        }
        await tx
          .update(products)
          .set(productFigures(-1, -deleted.rating))
          .where(eq(products.id, deleted.productId));
        return 'deleted';
      });
    },

    /**
     * Sets the seller's reply if the review has none yet, and queues `mails` (the buyer's) with it; undefined when
     * it already had one (or is gone).
     */
    reply(reviewId: string, text: string, mails: OutgoingMail[]): Promise<ReviewRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(reviews)
          .set({ reply: text, repliedAt: sql`now()`, replyEditedAt: null })
          .where(and(eq(reviews.id, reviewId), isNull(reviews.reply)))
          .returning({ id: reviews.id });
        if (!row) return undefined;
        await queueShopMails(tx, mails);
        const [replied] = await reviewWithAuthor(tx).where(eq(reviews.id, row.id)).limit(1);
        return replied;
      });
    },

    /** Rewrites the review's reply and marks it edited; undefined when it has none (or is gone). */
    async editReply(reviewId: string, text: string): Promise<ReviewRow | undefined> {
      const [row] = await db
        .update(reviews)
        .set({ reply: text, replyEditedAt: sql`now()` })
        .where(and(eq(reviews.id, reviewId), isNotNull(reviews.reply)))
        .returning({ id: reviews.id });
      return row && (await reviewWithAuthor(db).where(eq(reviews.id, row.id)).limit(1))[0];
    },

    /** Takes the review's reply away (the seller may write another); undefined when it had none (or is gone). */
    async removeReply(reviewId: string): Promise<ReviewRow | undefined> {
      const [row] = await db
        .update(reviews)
        .set({ reply: null, repliedAt: null, replyEditedAt: null })
        .where(and(eq(reviews.id, reviewId), isNotNull(reviews.reply)))
        .returning({ id: reviews.id });
      return row && (await reviewWithAuthor(db).where(eq(reviews.id, row.id)).limit(1))[0];
    },

    /**
     * One page of the shown reviews of the seller's products, those without a reply first, then newest first, and
     * how many there are.
     */
    async ofSeller(sellerId: string, { limit, offset }: SellerReviewListQuery) {
      const where = and(eq(products.sellerId, sellerId), isNull(reviews.hiddenAt));
      const [rows, [counted]] = await Promise.all([
        db
          .select({ ...getTableColumns(reviews), authorName: users.name, productName: products.name })
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .leftJoin(users, eq(users.email, reviews.authorEmail))
          .where(where)
          .orderBy(sql`${reviews.reply} is null desc`, desc(reviews.createdAt), desc(reviews.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: count() })
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },
  };
}

const author = alias(users, 'author');
const seller = alias(users, 'seller');
/** The writer registered from the seller's sign-up address (never true while either is unknown). */
const sharedSignupAddress = sql<boolean>`coalesce(${author.signupAddress} = ${seller.signupAddress}, false)`;

/** What an admin's list shows of a review: its product, seller and writer by handle, and the flag. */
const moderatedReviews = (db: Pick<Database, 'select'>) =>
  db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      productName: products.name,
      sellerHandle: seller.handle,
      sellerName: seller.name,
      authorHandle: author.handle,
      authorName: author.name,
      rating: reviews.rating,
      text: reviews.text,
      createdAt: reviews.createdAt,
      hiddenAt: reviews.hiddenAt,
      hiddenReason: reviews.hiddenReason,
      sharedSignupAddress,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .leftJoin(seller, eq(seller.id, products.sellerId))
    .leftJoin(author, eq(author.email, reviews.authorEmail));

export type ModeratedReviewRow = Awaited<ReturnType<typeof moderatedReviews>>[number];

/** A hidden review, as the mails of its hiding show it. */
export interface HiddenReview {
  authorEmail: string;
  product: { id: string; name: string };
}

/** How a review is hidden: why, by whom, and the mails `mailsOf` makes of it, queued with the change. */
interface Hiding {
  reason: string;
  by: string;
  mailsOf: (hidden: HiddenReview) => OutgoingMail[];
}

/** Hiding and showing reviews again, and the admins' list of every review. */
export function createModerationRepository(db: Database) {
  const moderated = () => moderatedReviews(db);

  /**
   * Sets or clears the review's hidden mark if it is not already so, and in the same transaction takes its rating
   * off the product's figures or adds it back. False when the review was already in that state (or is gone).
   */
  function setHidden(reviewId: string, hide: Hiding | null): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [changed] = await tx
        .update(reviews)
        .set(
          hide
            ? { hiddenAt: sql`now()`, hiddenReason: hide.reason, hiddenBy: hide.by }
            : { hiddenAt: null, hiddenReason: null, hiddenBy: null },
        )
        .where(and(eq(reviews.id, reviewId), hide ? isNull(reviews.hiddenAt) : isNotNull(reviews.hiddenAt)))
        .returning({
          productId: reviews.productId,
          rating: reviews.rating,
          authorEmail: reviews.authorEmail,
        });
      if (!changed) return false;
      const [product] = await tx
        .update(products)
        .set(productFigures(hide ? -1 : 1, hide ? -changed.rating : changed.rating))
        .where(eq(products.id, changed.productId))
        .returning({ id: products.id, name: products.name });
      if (hide && product) {
        await queueShopMails(tx, hide.mailsOf({ authorEmail: changed.authorEmail, product }));
      }
      return true;
    });
  }

  return {
    async find(reviewId: string): Promise<ModeratedReviewRow | undefined> {
      const [row] = await moderated().where(eq(reviews.id, reviewId)).limit(1);
      return row;
    },

    /** One page of every review, newest first, and how many there are; `flagged` keeps the shared addresses. */
    async list({ limit, offset, flagged }: AdminReviewListQuery) {
      const where: SQL | undefined = flagged ? sharedSignupAddress : undefined;
      const [rows, [counted]] = await Promise.all([
        moderated()
          .where(where)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: count() })
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .leftJoin(seller, eq(seller.id, products.sellerId))
          .leftJoin(author, eq(author.email, reviews.authorEmail))
          .where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    hide: (reviewId: string, reason: string, adminId: string, mailsOf: Hiding['mailsOf']) =>
      setHidden(reviewId, { reason, by: adminId, mailsOf }),
    unhide: (reviewId: string) => setHidden(reviewId, null),
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;

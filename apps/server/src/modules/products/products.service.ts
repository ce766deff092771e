import { centsToDollars } from '@bazaar/shared/pricing';
import type { Product, ProductListQuery } from '@bazaar/shared/products';
import { z } from 'zod';
import { notFound } from '../../http/app-error.ts';
import type { ProductRow, ProductsRepository } from './products.repository.ts';

const isUuid = (id: string) => z.uuid().safeParse(id).success;

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    description: row.description,
    discount: row.discount,
    brand: row.brand,
    ratings: row.ratings,
    reviews_count: row.reviewsCount,
    flash_sale: row.flashSale,
    mainImage: { url: row.mainImageUrl, alt: row.name },
    images: row.imageUrls.map((url) => ({ url, alt: row.name })),
    features: row.features,
    colors: row.colors,
    categories: row.categories,
    addedBy: row.addedBy,
    shipping_details: { estimated_delivery: row.estimatedDelivery },
    createdAt: row.createdAt.toISOString(),
  };
}

export function createProductsService(repository: ProductsRepository) {
  return {
    async list(query: ProductListQuery): Promise<{ items: Product[]; total: number }> {
      const { rows, total } = await repository.list(query);
      return { items: rows.map(toProduct), total };
    },

    async get(id: string): Promise<Product> {
      // A malformed id cannot name a product: same answer as an unknown one.
      const row = isUuid(id) ? await repository.findById(id) : undefined;
      if (!row) throw notFound('Product');
      return toProduct(row);
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;

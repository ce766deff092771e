import { describe, expect, it } from 'vitest';
import { shopImageUrls } from '../../images/image-urls.ts';
import type { OrdersRepository, Placement } from './orders.repository.ts';
import type { OrderPayments } from './order-payments.ts';
import { createOrdersService } from './orders.service.ts';

const lamp = {
  id: '6f1c2a52-54a4-4b8e-9d3c-1f5b7c0e2a11',
  name: 'Lamp',
  priceCents: 1000,
  discount: 0,
  mainImageUrl: '/images/products/lamp/1.svg',
  sellerEmail: 'seller@bazaar.test',
  seller: { handle: 'seller', name: 'Sol Seller' },
  terms: { shippingFeeCents: 1000, freeShippingOverCents: null },
};

const buyer = {
  id: 'buyer',
  email: 'buyer@bazaar.test',
  name: 'Bo Buyer',
  isAdmin: false,
  sessionToken: 'token',
};

const order = {
  name: 'Bo Buyer',
  email: 'buyer@bazaar.test',
  phone: '+44 20 7946 0958',
  address: '1 High Street, London',
  paymentMethod: 'cash on delivery' as const,
  products: [{ productId: lamp.id, quantity: 1 }],
};

describe('placing an order whose product changes under it', () => {
  it('prices it afresh for each attempt and refuses it with 409 after the third', async () => {
    let reads = 0;
    let placements = 0;
    const repository = {
      findProducts: async () => {
        reads += 1;
        return [lamp];
      },
      placeOrder: async (): Promise<Placement> => {
        placements += 1;
        return { outcome: 'repriced', productIds: [lamp.id] };
      },
    } as unknown as OrdersRepository;
    // Never placed: the order's payment is neither read nor written.
    const payments = { atPlacement: async () => ({ commissionBasisPoints: 0 }) } as unknown as OrderPayments;
    const service = createOrdersService(
      repository,
      payments,
      shopImageUrls('http://shop.test'),
      'http://shop.test',
    );

    await expect(service.create(buyer, order, null)).rejects.toMatchObject({
      code: 'CONFLICT',
      message:
        'The products of this order kept changing while it was placed. Please look at them again and retry.',
    });
    expect([reads, placements]).toEqual([3, 3]);
  });
});
